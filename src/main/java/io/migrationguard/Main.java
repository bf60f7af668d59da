package io.migrationguard;

import io.migrationguard.cli.Lint;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * One jar, two modes: {@code lint ...} runs the offline lint straight away (no Quarkus boot, no
 * port, no certificate); anything else starts the HTTPS webhook.
 */
@QuarkusMain
public final class Main {
  private Main() {}

  public static void main(String... args) {
    if (args.length > 0 && "lint".equals(args[0])) {
      String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
      System.exit(Lint.run(rest, System.out, System.err));
    }
    Quarkus.run(args);
  }
}
