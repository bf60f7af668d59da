package io.migrationguard.deploy;

import org.junit.jupiter.api.Assumptions;

/** Skips (never silently passes) the tests that run certs/generate.sh when openssl is absent. */
final class OpensslAssumption {
  private OpensslAssumption() {}

  static void require() {
    Assumptions.assumeTrue(
        Commands.available("openssl", "version"),
        "openssl is not installed: certs/generate.sh cannot run, its tests are skipped");
  }
}
