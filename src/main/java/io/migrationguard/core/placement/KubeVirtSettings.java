package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What of the KubeVirt CR changes the target pod's node constraints: {@code
 * spec.configuration.developerConfiguration.nodeSelectors} (copied into every virt-launcher pod)
 * and its feature gates, plus the two defaults virt-api writes into a VMI that lacks them ({@code
 * cpuModel}, {@code architectureConfiguration.defaultArchitecture}). {@code
 * spec.workloads.nodePlacement} places KubeVirt's own daemons, not virt-launcher pods; its effect
 * reaches the target pod only through the {@code kubevirt.io/schedulable} label virt-handler sets.
 */
record KubeVirtSettings(
    Map<String, String> nodeSelectors,
    Set<String> enabledGates,
    Set<String> disabledGates,
    String cpuModel,
    String defaultArchitecture) {

  static final String HYPERV_STRICT_CHECK = "HypervStrictCheck";
  static final String CROSS_ARCH = "CrossArchitectureVirtualization";

  static KubeVirtSettings of(JsonNode kubevirt) {
    JsonNode config = kubevirt == null ? null : kubevirt.path("spec").path("configuration");
    Map<String, String> selectors = new TreeMap<>();
    Set<String> enabled = new HashSet<>();
    Set<String> disabled = new HashSet<>();
    if (config == null) {
      return new KubeVirtSettings(selectors, enabled, disabled, "", "");
    }
    JsonNode dev = config.path("developerConfiguration");
    dev.path("nodeSelectors")
        .fields()
        .forEachRemaining(e -> selectors.put(e.getKey(), e.getValue().asText("")));
    dev.path("featureGates").forEach(g -> enabled.add(g.asText()));
    dev.path("disabledFeatureGates").forEach(g -> disabled.add(g.asText()));
    return new KubeVirtSettings(
        selectors,
        enabled,
        disabled,
        config.path("cpuModel").asText(""),
        config.path("architectureConfiguration").path("defaultArchitecture").asText(""));
  }

  /**
   * Both gates the renderer asks about are Alpha in every release that has them
   * (pkg/virt-config/featuregate/active.go), so they are on exactly when listed
   * (featuregate.IsEnabled: listed wins, Alpha is off otherwise).
   */
  boolean alphaGateOn(String gate) {
    return enabledGates.contains(gate);
  }
}
