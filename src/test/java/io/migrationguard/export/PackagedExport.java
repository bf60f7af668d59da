package io.migrationguard.export;

import io.migrationguard.cli.ExportCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code export admission-policies} with the service's packaged settings, whatever system
 * properties other tests of the same JVM left behind (a Quarkus test profile's overrides stay).
 */
public final class PackagedExport {
  static final String REQUESTERS = "migration-guard.priority-requesters";

  private PackagedExport() {}

  private static final java.util.List<String> AMBIENT =
      java.util.List.of("migration-guard.rule-actions", "migration-guard.disabled-rules");

  /** What a run of the command gave. */
  record Run(int code, String out, String err) {}

  /** The standard output of {@code export admission-policies args...}; it must exit 0. */
  public static synchronized String text(String... args) {
    return withRequesters(null, args);
  }

  /** {@code export args...} as given (no subcommand added), with the ambient settings. */
  static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        ExportCommand.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The same, with the requester setting given as a system property (null: none). */
  static synchronized String withRequesters(String requesters, String... args) {
    String before = System.getProperty(REQUESTERS);
    // A running @QuarkusTest app's profile sets its settings as system properties: the rule
    // actions of one would leak into an export that means the defaults.
    java.util.Map<String, String> ambient = new java.util.HashMap<>();
    for (String name : AMBIENT) {
      String v = System.getProperty(name);
      if (v != null) {
        ambient.put(name, v);
        System.clearProperty(name);
      }
    }
    try {
      if (requesters == null) {
        System.clearProperty(REQUESTERS);
      } else {
        System.setProperty(REQUESTERS, requesters);
      }
      String[] all = new String[args.length + 1];
      all[0] = "admission-policies";
      System.arraycopy(args, 0, all, 1, args.length);
      Run r = run(all);
      if (r.code() != 0) {
        throw new AssertionError("exit " + r.code() + ": " + r.err());
      }
      return r.out();
    } finally {
      ambient.forEach(System::setProperty);
      if (before == null) {
        System.clearProperty(REQUESTERS);
      } else {
        System.setProperty(REQUESTERS, before);
      }
    }
  }
}
