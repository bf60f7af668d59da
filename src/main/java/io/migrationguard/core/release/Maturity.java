package io.migrationguard.core.release;

/** A KubeVirt feature gate's maturity in one release (its {@code RegisterFeatureGate} state). */
public enum Maturity {
  ALPHA,
  BETA,
  GA
}
