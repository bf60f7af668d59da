package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;

/** The VMI fields virt-api defaults before virt-controller ever reads them (pkg/defaults). */
final class Vmi {
  private Vmi() {}

  /**
   * setDefaultCPUModel (pkg/defaults/defaults.go, v1.9.0): an empty model becomes the CR's {@code
   * cpuModel}, else {@code host-model}. A VMI read from the cluster always has it.
   */
  static String cpuModel(JsonNode vmi, KubeVirtSettings kv) {
    String model = vmi.path("spec").path("domain").path("cpu").path("model").asText("");
    if (!model.isEmpty()) {
      return model;
    }
    return kv.cpuModel().isEmpty() ? KubeVirtLabels.HOST_MODEL : kv.cpuModel();
  }

  /**
   * setDefaultArchitecture: an empty architecture becomes the CR's default; without one it is the
   * control plane's, which a file cannot tell, so it stays empty (and is reported as not judged).
   */
  static String architecture(JsonNode vmi, KubeVirtSettings kv) {
    String arch = vmi.path("spec").path("architecture").asText("");
    return arch.isEmpty() ? kv.defaultArchitecture() : arch;
  }
}
