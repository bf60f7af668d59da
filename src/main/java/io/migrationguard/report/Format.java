package io.migrationguard.report;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The lint's report formats: the one list from which {@code -o} parsing, its error for an unknown
 * format and the help text derive. A new format is a constant here and its {@link Report} class.
 */
public enum Format {
  TEXT(true, (out, context, fixes) -> new TextReport(out, fixes)),
  JSON(false, (out, context, fixes) -> new JsonReport(out, fixes)),
  JUNIT(false, (out, context, fixes) -> new JunitReport(out)),
  SARIF(false, (out, context, fixes) -> new SarifReport(out, context)),
  GITHUB(true, (out, context, fixes) -> new GithubReport(out, context.summaryFlag())),
  OPENREPORTS(false, (out, context, fixes) -> new OpenReportsReport(out));

  /** How a format's report is made: its stream, the run's context, each rule's fix by id. */
  private interface Factory {
    Report create(PrintStream out, ReportContext context, Map<String, String> fixes);
  }

  /** The format without {@code -o}. */
  public static final Format DEFAULT = TEXT;

  private final boolean printsSummary;
  private final Factory factory;

  Format(boolean printsSummary, Factory factory) {
    this.printsSummary = printsSummary;
    this.factory = factory;
  }

  /**
   * The report of this format on {@code out}; {@code hints} says whether the text report prints
   * each finding's fix (the JSON report always carries it).
   */
  public Report open(PrintStream out, ReportContext context, boolean hints) {
    Map<String, String> fixes = new HashMap<>();
    context.rules().forEach(d -> fixes.put(d.id(), d.fix()));
    return factory.create(out, context, this == TEXT && !hints ? Map.of() : fixes);
  }

  /** Whether the report prints the summary line itself (else the lint adds it where needed). */
  public boolean printsSummary() {
    return printsSummary;
  }

  /** The name {@code -o} takes. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The format named {@code label} (any case), if there is one. */
  public static Optional<Format> parse(String label) {
    return Arrays.stream(values())
        .filter(f -> f.label().equals(label.toLowerCase(Locale.ROOT)))
        .findFirst();
  }

  /** Every label, e.g. for an error: {@code text, json, ...}. */
  public static String labels() {
    return Arrays.stream(values()).map(Format::label).collect(Collectors.joining(", "));
  }

  /** Every label with the default marked, for the help text. */
  public static String helpList() {
    return Arrays.stream(values())
        .map(f -> f == DEFAULT ? f.label() + " (default)" : f.label())
        .collect(Collectors.joining(", "));
  }
}
