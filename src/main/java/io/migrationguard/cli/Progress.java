package io.migrationguard.cli;

import java.io.PrintStream;

/**
 * A one-line progress counter on stderr, only for people: shown when stderr is a terminal and the
 * run is large enough to wait for; never in pipes, files or CI logs.
 */
final class Progress {
  static final int MIN_FILES = 300;
  private final PrintStream err;
  private final boolean on;
  private final int total;
  private long lastPrint;

  private Progress(PrintStream err, boolean on, int total) {
    this.err = err;
    this.on = on;
    this.total = total;
  }

  static Progress of(PrintStream err, boolean terminal, int total) {
    return new Progress(err, terminal && total > MIN_FILES, total);
  }

  void update(String phase, int done) {
    if (!on) {
      return;
    }
    long now = System.nanoTime();
    if (done == total || now - lastPrint > 100_000_000L) {
      lastPrint = now;
      err.print("\rlint: " + phase + " " + done + "/" + total + " files");
      err.flush();
    }
  }

  void clear() {
    if (on) {
      err.print("\r\033[K");
      err.flush();
    }
  }
}
