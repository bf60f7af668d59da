package io.migrationguard.cli;

import java.lang.management.ManagementFactory;

/**
 * Phase timings on stderr when {@code MIGRATION_GUARD_LINT_TIMING} is set: for benchmarks and
 * start-up work, never in normal output.
 */
final class Timing {
  static final String ENV = "MIGRATION_GUARD_LINT_TIMING";

  private Timing() {}

  static void report(long start, long parsed, long engineReady, long end) {
    if (System.getenv(ENV) == null) {
      return;
    }
    long jvm = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
    long sinceStart = (end - start) / 1_000_000;
    System.err.printf(
        "lint timing: before reading %d ms, read+parse %d ms, wait for engine %d ms,"
            + " check+report %d ms, total since JVM start %d ms%n",
        jvm - sinceStart,
        (parsed - start) / 1_000_000,
        (engineReady - parsed) / 1_000_000,
        (end - engineReady) / 1_000_000,
        jvm);
  }
}
