package io.migrationguard.core.release;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.migrationguard.core.cluster.FeatureGates;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each release resolves the KubeVirt CR's gate lists as its own code does
 * (docs/kubevirt-versions.md #feature-gates): every maturity, in both eras, with the gate in
 * neither list, in {@code featureGates}, in {@code disabledFeatureGates}, and in both.
 */
class GateResolutionTest {
  @ParameterizedTest(name = "{0} {1}: listed={2} disabled={3} -> {4}")
  @CsvSource({
    // v1.8 (listed era): only featureGates counts, Beta included; disabledFeatureGates nothing
    "v1.8, MigrationPriorityQueue, false, false, false",
    "v1.8, MigrationPriorityQueue, true, false, true",
    "v1.8, MigrationPriorityQueue, false, true, false",
    "v1.8, MigrationPriorityQueue, true, true, true",
    "v1.8, DecentralizedLiveMigration, false, false, false",
    "v1.8, DecentralizedLiveMigration, true, true, true",
    "v1.7, MigrationPriorityQueue, true, false, true",
    "v1.6, DecentralizedLiveMigration, true, false, true",
    // an unregistered gate listed is on in the listed era (isFeatureGateEnabled reads the list)
    "v1.5, DecentralizedLiveMigration, true, false, true",
    // v1.9 (maturity era): GA always; Alpha only when listed; featureGates wins over disabled
    "v1.9, MigrationPriorityQueue, false, true, true",
    "v1.9, DecentralizedLiveMigration, false, false, false",
    "v1.9, DecentralizedLiveMigration, true, false, true",
    "v1.9, DecentralizedLiveMigration, true, true, true",
    "v1.9, MigrationStallDetection, false, false, false",
    // an unregistered gate is off in the maturity era, listed or not
    "v1.9, MigrationDowntimeTuning, true, false, false",
    // main: DecentralizedLiveMigration is Beta
    "main, DecentralizedLiveMigration, false, false, true",
    "main, DecentralizedLiveMigration, false, true, false",
    "main, DecentralizedLiveMigration, true, true, true",
    "main, MigrationDowntimeTuning, true, false, true",
    "main, MigrationDowntimeTuning, true, true, true",
    "main, MigrationDowntimeTuning, false, false, false",
  })
  void gatesResolveAsTheReleaseResolvesThem(
      String release, String gate, boolean listed, boolean disabled, boolean on) {
    FeatureGates gates =
        new FeatureGates(listed ? Set.of(gate) : Set.of(), disabled ? Set.of(gate) : Set.of());
    assertEquals(on, Releases.named(release).enabled(gates, gate));
  }
}
