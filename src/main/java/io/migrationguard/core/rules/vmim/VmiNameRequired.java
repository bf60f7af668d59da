package io.migrationguard.core.rules.vmim;

import static io.migrationguard.core.model.Operation.CREATE;

import io.migrationguard.core.cel.CelNames;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cel.Words;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.List;
import java.util.Set;

/** {@code vmim-vmi-name-required}: a migration must name the VMI it migrates (KubeVirt parity). */
public final class VmiNameRequired extends Rule {
  public VmiNameRequired() {
    super(
        RuleInfo.error(
                "vmim-vmi-name-required",
                Scope.VMIM_CREATE,
                "A migration must name the VirtualMachineInstance to migrate in spec.vmiName.",
                "Set spec.vmiName to the name of the VirtualMachineInstance to migrate.")
            .exportedAs(VmiNameRequired::cel));
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

  /** The findings of this rule as CEL, one check each (docs/admission-policies.md). */
  static List<Check> cel() {
    return List.of(
        Check.of("vmim-vmi-name-required", Set.of(CREATE))
            .when(
                CelNames.vmiName() + " == ''",
                Words.plain(
                    "spec.vmiName",
                    CauseType.REQUIRED,
                    "the name of the VirtualMachineInstance to migrate is required")));
  }
}
