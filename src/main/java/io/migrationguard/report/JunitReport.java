package io.migrationguard.report;

import java.io.PrintStream;
import java.util.Locale;

/**
 * JUnit XML as CI servers read it, valid against the Jenkins xUnit plugin's {@code junit-10.xsd}:
 * one {@code <testsuite>} per file, one {@code <testcase>} per resource. An invalid resource has
 * one {@code <failure>} listing every finding; a resource that could not be read an {@code
 * <error>}; another kind is {@code <skipped>}; warnings of a passing resource go to {@code
 * <system-out>}. The schema has no place for a test case's file and line, so the location leads the
 * message and every line of the text. Times are in seconds: a suite the time spent reading,
 * decoding and checking its file (summed over the workers), the root the whole run until the report
 * ends; a test case 0, its resource being checked in a batch with others. The body is buffered
 * because the root element carries the totals. What comes from the input is escaped as {@code -o
 * text} escapes it ({@link TerminalText}) before XML escaping: a CI log that prints the file shows
 * no raw control character and no line that starts a workflow command.
 */
public final class JunitReport implements Report {
  private final PrintStream out;
  private final StringBuilder body = new StringBuilder();
  private final long start = System.nanoTime();

  public JunitReport(PrintStream out) {
    this.out = out;
  }

  @Override
  public void file(FileResult result) {
    int failures = 0, errors = 0, skipped = 0;
    StringBuilder cases = new StringBuilder();
    for (ResourceResult r : result.resources()) {
      switch (r.status()) {
        case INVALID -> failures++;
        case ERROR -> errors++;
        case SKIPPED -> skipped++;
        default -> {}
      }
      testcase(r, cases);
    }
    body.append("  <testsuite name=\"")
        .append(Xml.escape(TerminalText.escape(result.file())))
        .append("\" tests=\"")
        .append(result.resources().size())
        .append("\" failures=\"")
        .append(failures)
        .append("\" errors=\"")
        .append(errors)
        .append("\" skipped=\"")
        .append(skipped)
        .append("\" time=\"")
        .append(seconds(result.nanos()))
        .append("\" file=\"")
        .append(Xml.escape(TerminalText.escape(result.file())))
        .append("\">\n")
        .append(cases)
        .append("  </testsuite>\n");
  }

  private static void testcase(ResourceResult r, StringBuilder sb) {
    sb.append("    <testcase name=\"")
        .append(Xml.escape(TerminalText.escape(r.label())))
        .append("\" classname=\"")
        .append(Xml.escape(TerminalText.escape(r.file())))
        .append("\" time=\"0\"");
    if (r.status() == Status.VALID && r.findings().isEmpty()) {
      sb.append("/>\n");
      return;
    }
    sb.append(">\n");
    String findings = findings(r);
    switch (r.status()) {
      case INVALID -> element(sb, "failure", r, findings);
      case ERROR -> element(sb, "error", r, findings);
      case SKIPPED -> {
        sb.append("      <skipped message=\"")
            .append(
                Xml.escape(TerminalText.escape(where(r) + ": not a kind migration-guard checks")));
        sb.append(findings.isEmpty() ? "\"/>\n" : "\">" + Xml.escape(findings) + "</skipped>\n");
      }
      default ->
          sb.append("      <system-out>").append(Xml.escape(findings)).append("</system-out>\n");
    }
    sb.append("    </testcase>\n");
  }

  /** {@code FILE:LINE:COLUMN} where the resource starts. */
  private static String where(ResourceResult r) {
    return r.file() + ":" + r.loc().line() + ":" + r.loc().column();
  }

  private static void element(StringBuilder sb, String name, ResourceResult r, String findings) {
    LocatedFinding first =
        r.findings().stream()
            .filter(f -> f.finding().isError())
            .findFirst()
            .orElse(r.findings().get(0));
    long errors = r.findings().stream().filter(f -> f.finding().isError()).count();
    String message =
        r.file()
            + ":"
            + first.loc().line()
            + ":"
            + first.loc().column()
            + ": "
            + first.rendered()
            + (errors > 1 ? " (and " + (errors - 1) + " more)" : "");
    sb.append("      <")
        .append(name)
        .append(" message=\"")
        .append(Xml.escape(TerminalText.escape(message)))
        .append("\" type=\"")
        .append(Xml.escape(first.finding().rule()))
        .append("\">")
        .append(Xml.escape(findings))
        .append("</")
        .append(name)
        .append(">\n");
  }

  /** Every finding, one text line each. */
  private static String findings(ResourceResult r) {
    StringBuilder sb = new StringBuilder();
    for (LocatedFinding f : r.findings()) {
      // As -o text prints it: no raw control character, no line a workflow command.
      sb.append(TerminalText.line(TextReport.line(r, f))).append('\n');
    }
    return sb.toString();
  }

  /** Seconds with three decimals and no grouping, the xsd's {@code SUREFIRE_TIME}. */
  static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.3f", Math.max(0, nanos) / 1e9);
  }

  @Override
  public void finish(Summary s) {
    out.println("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    // The xsd has no skipped count on <testsuites>: each <testsuite> carries its own.
    out.println(
        "<testsuites name=\"migration-guard lint\" tests=\""
            + s.resources()
            + "\" failures=\""
            + s.invalid()
            + "\" errors=\""
            + s.errors()
            + "\" time=\""
            + seconds(System.nanoTime() - start)
            + "\">");
    out.print(body);
    out.println("</testsuites>");
    out.flush();
  }
}
