package io.migrationguard;

/**
 * How a command-line run ({@code lint}, {@code explain}, {@code export}) ends when the heap runs
 * out on a thread other than its own: it halts with exit 2 at once. The jar is started as {@code
 * java -jar quarkus-run.jar lint ...} with no JVM options, so {@code -XX:+ExitOnOutOfMemoryError}
 * (the Deployment's) is not there; without this, an OutOfMemoryError on a client thread left the
 * main thread waiting and the JVM, with no heap to start its shutdown, ignoring SIGTERM.
 */
final class CommandLineExit {
  // Made before the heap runs out: printing it then allocates nothing.
  private static final byte[] OUT_OF_MEMORY =
      "migration-guard: out of memory: give the JVM more heap (java -Xmx...)\n"
          .getBytes(java.nio.charset.StandardCharsets.UTF_8);

  private CommandLineExit() {}

  static void haltOnOutOfMemory() {
    Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler(
        (thread, e) -> {
          if (e instanceof OutOfMemoryError) {
            try {
              System.err.write(OUT_OF_MEMORY, 0, OUT_OF_MEMORY.length);
              System.err.flush();
            } finally {
              Runtime.getRuntime().halt(2);
            }
          }
          if (before != null) {
            before.uncaughtException(thread, e);
          } else {
            // What the JVM prints without a handler (ThreadGroup's would call this one again).
            System.err.print("Exception in thread \"" + thread.getName() + "\" ");
            e.printStackTrace(System.err);
          }
        });
  }
}
