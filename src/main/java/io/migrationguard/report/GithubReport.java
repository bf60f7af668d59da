package io.migrationguard.report;

import java.io.PrintStream;

/**
 * GitHub Actions workflow commands: {@code ::error file=F,line=L,col=C,title=RULE::MESSAGE} (or
 * {@code ::warning}), which GitHub shows as annotations on the pull request's diff. The message is
 * {@code KIND/NAME: FIELD: MESSAGE}, the tail of the text line.
 */
public final class GithubReport implements Report {
  private final PrintStream out;
  private final boolean summaryFlag;

  public GithubReport(PrintStream out, boolean summaryFlag) {
    this.out = out;
    this.summaryFlag = summaryFlag;
  }

  @Override
  public void file(FileResult result) {
    StringBuilder sb = new StringBuilder();
    for (ResourceResult r : result.resources()) {
      for (LocatedFinding f : r.findings()) {
        sb.append("::")
            .append(f.finding().isError() ? "error" : "warning")
            .append(" file=")
            .append(property(r.file()))
            .append(",line=")
            .append(f.loc().line())
            .append(",col=")
            .append(f.loc().column())
            .append(",title=")
            .append(property(f.finding().rule()))
            .append("::")
            .append(data(r.label() + ": " + f.rendered()))
            .append('\n');
      }
    }
    out.print(sb);
  }

  @Override
  public void finish(Summary summary) {
    if (summaryFlag) {
      if (!summary.notChecked().isEmpty()) {
        out.println(TextReport.notCheckedLine(summary));
      }
      out.println(summary.line());
    }
    out.flush();
  }

  /**
   * Escaping of a command's message: the runner's {@code escapeData} ({@code %}, CR, LF), after
   * every other control, escape and bidirectional character is shown as {@code \\u{XXXX}} ({@link
   * TerminalText#escape}): the log must show what the input said, never act on it.
   */
  static String data(String s) {
    return TerminalText.escape(s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"));
  }

  /** Escaping of a property value ({@code escapeProperty}): also {@code :} and {@code ,}. */
  static String property(String s) {
    return data(s).replace(":", "%3A").replace(",", "%2C");
  }
}
