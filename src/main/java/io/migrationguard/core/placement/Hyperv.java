package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * hypervNodeSelectors of nodeselectorrenderer.go (v1.9.0): a label per Hyper-V enlightenment that
 * needs host support and is explicitly enabled (isFeatureStateEnabled wants {@code enabled: true}),
 * and the Intel vendor label for EVMCS unless it is explicitly disabled.
 */
final class Hyperv {
  private Hyperv() {}

  // makeHVFeatureLabelTable's order; the JSON field is the label's suffix.
  private static final List<String> TABLE =
      List.of(
          "vpindex",
          "runtime",
          "reset",
          "synic",
          "synictimer",
          "frequencies",
          "reenlightenment",
          "tlbflush",
          "ipi");

  static List<String> labels(JsonNode features) {
    List<String> out = new ArrayList<>();
    JsonNode hyperv = features.path("hyperv");
    if (!LauncherRendering.present(hyperv)) {
      return out;
    }
    for (String name : TABLE) {
      JsonNode enabled = hyperv.path(name).path("enabled");
      if (enabled.isBoolean() && enabled.asBoolean()) {
        out.add(KubeVirtLabels.HYPERV + name);
      }
    }
    JsonNode evmcs = hyperv.path("evmcs");
    if (LauncherRendering.present(evmcs)) {
      JsonNode enabled = evmcs.path("enabled");
      if (!enabled.isBoolean() || enabled.asBoolean()) {
        out.add(KubeVirtLabels.CPU_VENDOR + "Intel");
      }
    }
    return out;
  }
}
