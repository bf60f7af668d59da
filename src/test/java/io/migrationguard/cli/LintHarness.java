package io.migrationguard.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the lint in process, as {@code main} would, capturing stdout, stderr and the exit code. */
final class LintHarness {
  static final String DIR = "src/test/resources/lint/";

  record Result(int code, String out, String err) {}

  private LintHarness() {}

  static Result run(String... args) {
    return runWithStdin("", args);
  }

  static Result runWithStdin(String stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = Lint.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), o, e);
    }
    return new Result(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
