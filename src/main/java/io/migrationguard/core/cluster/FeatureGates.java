package io.migrationguard.core.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Set;

/**
 * KubeVirt feature gates as the KubeVirt CR lists them ({@code
 * spec.configuration.developerConfiguration.featureGates} / {@code disabledFeatureGates}). Whether
 * a gate is on depends on the release too: {@link io.migrationguard.core.release.Release#enabled}.
 */
public final class FeatureGates implements io.migrationguard.core.release.GateLists {
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

  @Override
  public Set<String> enabledGates() {
    return enabled;
  }

  @Override
  public Set<String> disabledGates() {
    return disabled;
  }
}
