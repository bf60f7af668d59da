package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One filter the scheduler runs that Nodes alone cannot answer: named, never guessed.
 *
 * @param id a stable name for JSON and tests
 * @param what in words
 * @param inUse whether this VMI asks for it (then the verdict may be optimistic)
 */
public record Unjudged(String id, String what, boolean inUse) {

  /** The whole list, every entry named whether or not the VMI uses it. */
  static List<Unjudged> of(JsonNode vmi) {
    JsonNode spec = vmi.path("spec");
    JsonNode domain = spec.path("domain");
    JsonNode devices = domain.path("devices");
    JsonNode affinity = spec.path("affinity");
    String scheduler = spec.path("schedulerName").asText("");
    return List.of(
        new Unjudged("resources", "allocatable CPU, memory and pod slots (NodeResourcesFit)", true),
        new Unjudged("hugepages", "hugepages", has(domain.path("memory").path("hugepages"))),
        new Unjudged(
            "devices",
            "devices and SR-IOV VFs (extended resources of device plugins)",
            nonEmpty(devices.path("gpus"))
                || nonEmpty(devices.path("hostDevices"))
                || sriov(devices.path("interfaces"))),
        new Unjudged(
            "volumes",
            "volumes' node affinity and attach limits (VolumeBinding, VolumeZone, NodeVolumeLimits)",
            nonEmpty(spec.path("volumes"))),
        new Unjudged(
            "pod-affinity",
            "other pods' affinity and anti-affinity (InterPodAffinity), beyond the source's",
            has(affinity.path("podAffinity")) || has(affinity.path("podAntiAffinity"))),
        new Unjudged(
            "topology-spread",
            "topology spread constraints (PodTopologySpread)",
            nonEmpty(spec.path("topologySpreadConstraints"))),
        new Unjudged(
            "dra",
            "dynamic resource allocation claims (DynamicResources)",
            nonEmpty(spec.path("resourceClaims"))),
        new Unjudged(
            "scheduler",
            "a custom scheduler's own filters (spec.schedulerName)",
            !scheduler.isEmpty() && !scheduler.equals("default-scheduler")));
  }

  private static boolean has(JsonNode n) {
    return LauncherRendering.present(n);
  }

  private static boolean nonEmpty(JsonNode n) {
    return n.isArray() && n.size() > 0;
  }

  private static boolean sriov(JsonNode interfaces) {
    for (JsonNode i : interfaces) {
      if (has(i.path("sriov"))) {
        return true;
      }
    }
    return false;
  }
}
