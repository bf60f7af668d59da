package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.Settings;

/**
 * {@code vmim-selector-label}: labels a new migration with {@code kubevirt.io/vmi-name}, the label
 * KubeVirt finds the migrations of a VMI by. Set to {@code spec.vmiName} also when the user gave
 * another value, as KubeVirt's own mutator does: a different value would hide the migration from
 * KubeVirt's in-flight check, which looks migrations up by this label (validation warns, under the
 * same id, when a given value differs).
 */
public final class VmimSelectorLabel extends Defaulter {
  public VmimSelectorLabel() {
    super(
        new DefaulterInfo(
            "vmim-selector-label",
            "Sets the label kubevirt.io/vmi-name of a new migration to its spec.vmiName.",
            Scope.VMIM_CREATE));
  }

  @Override
  public void apply(Review review, ObjectNode copy, Settings settings) {
    String vmiName = RuleHelpers.textOrEmpty(RuleHelpers.at(copy, "spec", "vmiName"));
    if (vmiName.isEmpty()) {
      return;
    }
    ObjectNode labels = Defaults.objectAt(copy, "metadata", "labels");
    if (labels != null
        && !vmiName.equals(RuleHelpers.textOrEmpty(labels.get(Kind.VMI_NAME_LABEL)))) {
      labels.put(Kind.VMI_NAME_LABEL, vmiName);
    }
  }
}
