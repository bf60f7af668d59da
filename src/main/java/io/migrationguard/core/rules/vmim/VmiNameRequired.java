package io.migrationguard.core.rules.vmim;

import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Review;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.rules.Checks;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import java.util.Set;

/** {@code vmim-vmi-name-required}: a migration must name the VMI it migrates (KubeVirt parity). */
public final class VmiNameRequired implements Rule {
  private static final RuleInfo INFO =
      new RuleInfo(
          "vmim-vmi-name-required",
          "A migration must name the VirtualMachineInstance to migrate in spec.vmiName.",
          "Set spec.vmiName to the name of the VirtualMachineInstance to migrate.",
          Set.of(Kind.VMIM),
          Set.of(Operation.CREATE),
          Severity.ERROR,
          Set.of());

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    var vmiName = Checks.at(review.object(), "spec", "vmiName");
    // A value of the wrong type is the schema's finding, not a missing name.
    if (!Checks.isSet(vmiName) || (vmiName.isTextual() && vmiName.textValue().isEmpty())) {
      out.required(
          FieldPath.of("spec", "vmiName"),
          "the name of the VirtualMachineInstance to migrate is required");
    }
  }
}
