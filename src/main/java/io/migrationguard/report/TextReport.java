package io.migrationguard.report;

import java.io.PrintStream;
import java.util.Map;

/**
 * The human format, one line per finding, {@code FILE:LINE:COL: SEVERITY [RULE] KIND/NAME: FIELD:
 * MESSAGE} (FIELD left out for findings about the whole object), editors and terminals make the
 * location clickable; under each, what to change ({@code fix:}, unless {@code --no-hints}). With
 * {@code --show-patch}, one {@code patch} line per patched object. Ends with the kubeconform
 * summary line, preceded by the rules that could not run offline.
 */
public final class TextReport implements Report {
  private final PrintStream out;
  private final Map<String, String> fixes;

  /** Without hints. */
  public TextReport(PrintStream out) {
    this(out, Map.of());
  }

  /**
   * With {@code fixes} (rule id to its fix): each finding is followed by an indented {@code fix:}
   * line saying what to change ({@code --no-hints} passes none).
   */
  public TextReport(PrintStream out, Map<String, String> fixes) {
    this.out = out;
    this.fixes = Map.copyOf(fixes);
  }

  @Override
  public void file(FileResult result) {
    // One resource at a time: a file of a hundred thousand resources is never one huge string.
    StringBuilder sb = new StringBuilder();
    for (ResourceResult r : result.resources()) {
      sb.setLength(0);
      for (LocatedFinding f : r.findings()) {
        sb.append(TerminalText.line(line(r, f))).append('\n');
        String fix = fixes.get(f.finding().rule());
        if (fix != null) {
          sb.append("    fix: ").append(fix).append('\n');
        }
      }
      if (r.patch() != null && !r.patch().isEmpty()) {
        sb.append(
                TerminalText.line(
                    r.file()
                        + ":"
                        + r.loc().line()
                        + ":"
                        + r.loc().column()
                        + ": patch "
                        + r.label()
                        + ": "
                        + Patches.toJson(r.patch())))
            .append('\n');
      }
      out.print(sb);
    }
  }

  /**
   * {@code FILE:LINE:COL: SEVERITY [RULE] KIND/NAME: FIELD: MESSAGE}, as the input spelled it: pass
   * it through {@link TerminalText#line} before printing it.
   */
  public static String line(ResourceResult r, LocatedFinding f) {
    return r.file()
        + ":"
        + f.loc().line()
        + ":"
        + f.loc().column()
        + ": "
        + f.finding().severity().label()
        + " ["
        + f.finding().rule()
        + "] "
        + r.label()
        + ": "
        + f.rendered();
  }

  @Override
  public void finish(Summary summary) {
    if (!summary.notChecked().isEmpty()) {
      out.println(notCheckedLine(summary));
    }
    out.println(summary.line());
    out.flush();
  }

  /** The one line naming the rules not judged: they need a live cluster, or the requester. */
  public static String notCheckedLine(Summary summary) {
    return "Not checked offline (needs a live cluster, or --as USER for the requester): "
        + String.join(", ", summary.notChecked());
  }
}
