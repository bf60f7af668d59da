package io.migrationguard.cli.output;

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
  TEXT(true) {
    @Override
    Report create(PrintStream out, ReportContext context, Map<String, String> fixes) {
      return new TextReport(out, fixes);
    }
  },
  JSON(false) {
    @Override
    Report create(PrintStream out, ReportContext context, Map<String, String> fixes) {
      return new JsonReport(out, fixes);
    }
  },
  JUNIT(false) {
    @Override
    Report create(PrintStream out, ReportContext context, Map<String, String> fixes) {
      return new JunitReport(out);
    }
  },
  SARIF(false) {
    @Override
    Report create(PrintStream out, ReportContext context, Map<String, String> fixes) {
      return new SarifReport(out, context);
    }
  },
  GITHUB(true) {
    @Override
    Report create(PrintStream out, ReportContext context, Map<String, String> fixes) {
      return new GithubReport(out, context.summaryFlag());
    }
  };

  /** The format without {@code -o}. */
  public static final Format DEFAULT = TEXT;

  private final boolean printsSummary;

  Format(boolean printsSummary) {
    this.printsSummary = printsSummary;
  }

  abstract Report create(PrintStream out, ReportContext context, Map<String, String> fixes);

  /**
   * The report of this format on {@code out}; {@code hints} says whether the text report prints
   * each finding's fix (the JSON report always carries it).
   */
  public Report open(PrintStream out, ReportContext context, boolean hints) {
    Map<String, String> fixes = new HashMap<>();
    context.rules().forEach(d -> fixes.put(d.id(), d.fix()));
    return create(out, context, this == TEXT && !hints ? Map.of() : fixes);
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
