package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;

/** IsManualTSCFrequencyRequired of pkg/virt-controller/watch/topology/tsc.go (v1.5.0 to v1.9.0). */
final class Tsc {
  private Tsc() {}

  /** The TSC frequency the pod must pin, or null when it pins none. */
  static Long manualFrequency(JsonNode vmi) {
    JsonNode hint = vmi.path("status").path("topologyHints").path("tscFrequency");
    if (!hint.canConvertToLong() || hint.asLong() <= 0) {
      return null;
    }
    return invtsc(vmi) || reenlightenment(vmi) ? hint.asLong() : null;
  }

  // vmiHasInvTSCFeature: only "require" and "force" count, not an empty policy.
  private static boolean invtsc(JsonNode vmi) {
    for (JsonNode f : vmi.path("spec").path("domain").path("cpu").path("features")) {
      String policy = f.path("policy").asText("");
      if (f.path("name").asText("").equals("invtsc")
          && (policy.equals("require") || policy.equals("force"))) {
        return true;
      }
    }
    return false;
  }

  // isVmiUsingHyperVReenlightenment: enabled must be set and true.
  private static boolean reenlightenment(JsonNode vmi) {
    JsonNode enabled =
        vmi.path("spec")
            .path("domain")
            .path("features")
            .path("hyperv")
            .path("reenlightenment")
            .path("enabled");
    return enabled.isBoolean() && enabled.asBoolean();
  }
}
