package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.Releases;

/**
 * Everything but the Nodes that decides where a migration's target pod may land.
 *
 * @param vmi the VirtualMachineInstance (spec and status), required
 * @param sourcePod its running virt-launcher pod (labelled {@code kubevirt.io/created-by=<VMI
 *     uid>}), or null when not known
 * @param migration the VirtualMachineInstanceMigration, or null (then no addedNodeSelector)
 * @param kubevirt the KubeVirt CR, or null (then no CR nodeSelectors and no Alpha gates)
 * @param release the release profile that renders the pod
 */
public record PlacementInput(
    JsonNode vmi, JsonNode sourcePod, JsonNode migration, JsonNode kubevirt, Release release) {
  public PlacementInput {
    if (vmi == null) {
      throw new IllegalArgumentException("a VMI is required");
    }
    release = release == null ? Releases.NEWEST : release;
  }

  /** The VMI's name, for messages. */
  public String vmiName() {
    return vmi.path("metadata").path("name").asText("");
  }
}
