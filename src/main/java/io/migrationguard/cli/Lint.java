package io.migrationguard.cli;

import java.io.PrintStream;

/** The offline lint: {@code run(args, out, err)} returns the exit code (placeholder). */
public final class Lint {
  private Lint() {}

  public static int run(String[] args, PrintStream out, PrintStream err) {
    err.println("lint: not implemented yet");
    return 2;
  }
}
