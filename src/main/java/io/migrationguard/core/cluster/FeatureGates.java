package io.migrationguard.core.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * KubeVirt feature gates as the KubeVirt CR sets them ({@code
 * spec.configuration.developerConfiguration.featureGates} / {@code disabledFeatureGates}), with the
 * defaults of each gate's maturity: GA always on, Beta on unless disabled, Alpha off unless
 * enabled.
 */
public final class FeatureGates {
  /** Maturity of a gate, which decides its default. */
  public enum Maturity {
    ALPHA,
    BETA,
    GA
  }

  /** The gates the rules look at, with their maturity as of KubeVirt v1.9. */
  public static final Map<String, Maturity> KNOWN =
      Map.of(
          "DecentralizedLiveMigration", Maturity.BETA,
          "MigrationStallDetection", Maturity.ALPHA,
          "MigrationDowntimeTuning", Maturity.ALPHA);

  private final Set<String> enabled;
  private final Set<String> disabled;

  public FeatureGates(Set<String> enabled, Set<String> disabled) {
    this.enabled = Set.copyOf(enabled);
    this.disabled = Set.copyOf(disabled);
  }

  /** The defaults: nothing enabled or disabled explicitly. */
  public static FeatureGates defaults() {
    return new FeatureGates(Set.of(), Set.of());
  }

  /** Reads the gates of a KubeVirt CR (a missing configuration gives the defaults). */
  public static FeatureGates fromKubeVirt(JsonNode kubevirt) {
    JsonNode dev = kubevirt.path("spec").path("configuration").path("developerConfiguration");
    return new FeatureGates(
        strings(dev.path("featureGates")), strings(dev.path("disabledFeatureGates")));
  }

  private static Set<String> strings(JsonNode array) {
    Set<String> out = new HashSet<>();
    if (array.isArray()) {
      array.forEach(
          n -> {
            if (n.isTextual()) {
              out.add(n.textValue());
            }
          });
    }
    return out;
  }

  /** Whether {@code gate} is on. Unknown gates behave as Alpha. */
  public boolean enabled(String gate) {
    Maturity m = KNOWN.getOrDefault(gate, Maturity.ALPHA);
    return switch (m) {
      case GA -> true;
      case BETA -> !disabled.contains(gate);
      case ALPHA -> enabled.contains(gate) && !disabled.contains(gate);
    };
  }

  public Set<String> enabledGates() {
    return enabled;
  }

  public Set<String> disabledGates() {
    return disabled;
  }
}
