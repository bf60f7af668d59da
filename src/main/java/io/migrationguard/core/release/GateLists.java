package io.migrationguard.core.release;

import java.util.Set;

/**
 * The KubeVirt CR's feature-gate lists as a release reads them ({@link Release#enabled}); {@code
 * core.cluster}'s FeatureGates is one. An interface here so that the release profiles do not depend
 * on the cluster port (which depends on the placement engine, which depends on them).
 */
public interface GateLists {
  /** {@code developerConfiguration.featureGates}. */
  Set<String> enabledGates();

  /** {@code developerConfiguration.disabledFeatureGates}. */
  Set<String> disabledGates();
}
