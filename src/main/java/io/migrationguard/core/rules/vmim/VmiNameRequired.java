package io.migrationguard.core.rules.vmim;

import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;

/** {@code vmim-vmi-name-required}: a migration must name the VMI it migrates (KubeVirt parity). */
public final class VmiNameRequired extends Rule {
  public VmiNameRequired() {
    super(
        RuleInfo.error(
            "vmim-vmi-name-required",
            Scope.VMIM_CREATE,
            "A migration must name the VirtualMachineInstance to migrate in spec.vmiName.",
            "Set spec.vmiName to the name of the VirtualMachineInstance to migrate."));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    var vmiName = RuleHelpers.at(review.object(), "spec", "vmiName");
    // A value of the wrong type is the schema's finding, not a missing name.
    if (!RuleHelpers.isSet(vmiName) || (vmiName.isTextual() && vmiName.textValue().isEmpty())) {
      out.required(
          FieldPath.of("spec", "vmiName"),
          "the name of the VirtualMachineInstance to migrate is required");
    }
  }
}
