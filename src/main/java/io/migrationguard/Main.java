package io.migrationguard;

import io.migrationguard.cli.Explain;
import io.migrationguard.cli.ExportCommand;
import io.migrationguard.cli.Lint;
import io.migrationguard.cli.Version;
import io.migrationguard.core.names.Suggest;
import io.migrationguard.webhook.tls.Renegotiation;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * One jar, one command line. No argument starts the HTTPS webhook (the container's default), as
 * does {@code serve}; {@code lint ...} runs the offline lint straight away (no Quarkus boot, no
 * port, no certificate), as does {@code export admission-policies}; {@code version} and {@code
 * help} answer and exit. Anything else is a usage error (exit 2, with the command meant where one
 * is near) and never starts a server: a typo in a CI job must fail at once, not hang on a port
 * until the job's timeout.
 */
@QuarkusMain
public final class Main {
  static final int USAGE = 2;

  static final String HELP =
      """
      Usage: java -jar quarkus-run.jar [COMMAND]

      migration-guard: admission webhook and offline lint for KubeVirt's
      VirtualMachineInstanceMigration and MigrationPolicy.

      Commands:
        serve            Start the HTTPS admission webhook (the default: no command).
        lint [OPTIONS]   Lint manifest files offline; 'lint --help' for its options.
        explain vmi NAME [-n NS] | explain --vmi FILE ... POLICY-PATH...
                         Which MigrationPolicy KubeVirt applies to a VMI, and the
                         migration configuration; 'explain --help' for its options.
        export admission-policies [OPTIONS]
                         Write the stateless rules as Kubernetes admission policies;
                         'export --help' for its options.
        version          Print the version and exit.
        help             Print this help and exit (also --help, -h).
      """;

  static final List<String> COMMANDS =
      List.of("serve", "lint", "explain", "export", "version", "help");

  private Main() {}

  public static void main(String... args) {
    if (args.length == 0 || (args.length == 1 && args[0].equals("serve"))) {
      List<String> bad = SettingsPreflight.problems(SettingsPreflight.ofThisProcess());
      if (!bad.isEmpty()) {
        // One line per bad setting, never a stack trace (docs/configuration.md).
        bad.forEach(System.err::println);
        System.exit(1);
      }
      // Before anything starts a TLS handshake: the JDK reads it only once (Renegotiation).
      Renegotiation.refuseClientInitiated();
      Quarkus.run();
      return;
    }
    CommandLineExit.haltOnOutOfMemory();
    System.exit(command(args, System.out, System.err));
  }

  /** Every command but {@code serve}, as a function: arguments in, exit code out. */
  static int command(String[] args, PrintStream out, PrintStream err) {
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    if (rest.length > 0
        && List.of("serve", "version", "--version", "help", "--help", "-h").contains(args[0])) {
      // The server is configured by settings, not arguments (docs/configuration.md): an argument
      // it would ignore ("serve --port 1") must not start a server on another port.
      err.println(
          "migration-guard: "
              + args[0]
              + " takes no arguments (got "
              + rest[0]
              + ")"
              + (args[0].equals("serve")
                  ? "; the server's settings are system properties or environment variables"
                      + " (docs/configuration.md), e.g. MIGRATION_GUARD_PORT=8443"
                  : ""));
      err.println(
          "Usage: java -jar quarkus-run.jar [serve | lint ... | explain ... | export ... | version | help]");
      return USAGE;
    }
    switch (args[0]) {
      case "lint":
        return Lint.run(rest, out, err);
      case "explain":
        return Explain.run(rest, System.in, out, err);
      case "export":
        return ExportCommand.run(rest, out, err);
      case "version", "--version":
        out.println("migration-guard " + Version.get());
        return 0;
      case "help", "--help", "-h":
        out.print(HELP);
        return 0;
      default:
        String word = args[0].replaceFirst("^-+", "");
        String near = Suggest.nearest(word, COMMANDS);
        err.println(
            "migration-guard: unknown command "
                + args[0]
                + (near == null ? "" : ": did you mean " + near + "?"));
        err.print(HELP);
        return USAGE;
    }
  }
}
