package io.migrationguard.cli;

import io.migrationguard.cli.LintOptions.OutputSpec;
import io.migrationguard.report.OutputTarget;
import io.migrationguard.report.Report;
import io.migrationguard.report.ReportContext;
import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Opens the reports of {@code -o}: each on stdout or on its own file; closes the files. */
final class Outputs implements AutoCloseable {
  private final List<Report> reports = new ArrayList<>();
  private final List<PrintStream> files = new ArrayList<>();
  private final List<String> fileNames = new ArrayList<>();

  /**
   * Opens every report; {@code hints} says whether the text report prints each finding's fix (the
   * JSON report always carries it).
   */
  static Outputs open(List<OutputSpec> specs, PrintStream stdout, ReportContext ctx, boolean hints)
      throws IOException {
    Outputs o = new Outputs();
    for (OutputSpec spec : specs) {
      PrintStream ps = stdout;
      if (spec.file() != null) {
        try {
          OutputTarget.check(spec.file());
          ps =
              new PrintStream(
                  new BufferedOutputStream(new FileOutputStream(spec.file()), 1 << 16),
                  false,
                  StandardCharsets.UTF_8);
        } catch (IOException e) {
          o.close();
          throw e.getMessage() != null && e.getMessage().startsWith("cannot write ")
              ? e
              : new IOException("cannot write " + spec.file() + ": " + Parsing.reason(e));
        }
        o.files.add(ps);
        o.fileNames.add(spec.file());
      }
      o.reports.add(spec.format().open(ps, ctx, hints));
    }
    return o;
  }

  List<Report> reports() {
    return reports;
  }

  /** Closes the files; the names of those that could not be written completely. */
  List<String> closeAndCheck() {
    List<String> failed = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      files.get(i).close();
      if (files.get(i).checkError()) {
        failed.add(fileNames.get(i));
      }
    }
    files.clear();
    return failed;
  }

  @Override
  public void close() {
    closeAndCheck();
  }
}
