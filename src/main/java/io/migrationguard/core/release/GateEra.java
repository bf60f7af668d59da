package io.migrationguard.core.release;

/**
 * How a KubeVirt release turns the KubeVirt CR's gate lists into "on" or "off" (its {@code
 * isFeatureGateEnabled}); docs/kubevirt-versions.md#feature-gates has the code of both eras.
 */
public enum GateEra {
  /**
   * v1.5 to v1.8 ({@code pkg/virt-config/feature-gates.go}): GA gates are on; otherwise a gate is
   * on exactly when {@code featureGates} lists it, whatever its maturity (Beta included) and
   * whether the release knows it; {@code disabledFeatureGates} changes nothing.
   */
  LISTED,
  /**
   * v1.9 and main ({@code featuregate.IsEnabled}): a gate the release does not register is off; GA
   * is on; listed in {@code featureGates}: on (checked first, so a gate in both lists is on);
   * listed in {@code disabledFeatureGates}: off; otherwise Beta is on and Alpha off.
   */
  MATURITY
}
