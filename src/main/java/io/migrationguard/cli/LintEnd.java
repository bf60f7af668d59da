package io.migrationguard.cli;

import io.migrationguard.cli.LintOptions.OutputSpec;
import io.migrationguard.report.Summary;
import io.migrationguard.report.TextReport;
import java.io.PrintStream;
import java.util.List;

/**
 * How a lint run ends: the summary where no report prints it, what was not written, the exit code.
 */
final class LintEnd {
  private LintEnd() {}

  /** The summary, what could not be written, and the exit code. */
  static int end(
      LintOptions o,
      Summary summary,
      List<String> unwritten,
      List<String> missing,
      Against.Loaded against,
      ClusterInput.Cluster fromCluster,
      PrintStream out,
      PrintStream err) {
    printSummary(o, summary, out, err);
    unwritten.forEach(f -> err.println("lint: could not write " + f));
    out.flush();
    if (out.checkError()) {
      // A full disk or a closed pipe: the report is incomplete, which must not read as a result.
      err.println("lint: could not write the report to standard output");
      return Lint.ERROR;
    }
    boolean clusterProblems = fromCluster != null && !fromCluster.problems().isEmpty();
    if (summary.errors() > 0
        || !missing.isEmpty()
        || !against.problems().isEmpty()
        || !unwritten.isEmpty()
        || clusterProblems) {
      return Lint.ERROR;
    }
    if (o.failIfNoObjects() && summary.valid() + summary.invalid() == 0) {
      err.println("lint: no VirtualMachineInstanceMigration or MigrationPolicy found");
      return Lint.INVALID;
    }
    return summary.invalid() > 0 ? Lint.INVALID : Lint.OK;
  }

  /**
   * The summary line where no report prints it: with {@code --summary}, on stdout when it is free,
   * else on stderr; and on stderr whenever every report goes to a file, so a CI log is never empty.
   */
  private static void printSummary(
      LintOptions o, Summary summary, PrintStream out, PrintStream err) {
    OutputSpec onStdout =
        o.outputs().stream().filter(s -> s.file() == null).findFirst().orElse(null);
    if (onStdout != null && onStdout.format().printsSummary()) {
      return;
    }
    PrintStream target;
    if (o.summary()) {
      target = onStdout == null ? out : err;
    } else if (onStdout == null) {
      target = err;
    } else {
      return;
    }
    if (!summary.notChecked().isEmpty()) {
      target.println(TextReport.notCheckedLine(summary));
    }
    target.println(summary.line());
  }
}
