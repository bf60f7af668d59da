package io.migrationguard.core.rules.vmim;

import static io.migrationguard.core.model.Operation.CREATE;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.CelNames;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.model.Shown;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.List;
import java.util.Set;

/**
 * {@code vmim-selector-label} (the warning of the defaulter of the same id): a new migration whose
 * label {@code kubevirt.io/vmi-name} differs from {@code spec.vmiName}. KubeVirt's mutator
 * overwrites the label with {@code spec.vmiName}, and so does ours; the warning says the value
 * written will not be kept.
 */
public final class SelectorLabelMatches extends Rule {
  public SelectorLabelMatches() {
    super(
        RuleInfo.warning(
                "vmim-selector-label",
                Scope.VMIM_CREATE,
                "The label kubevirt.io/vmi-name of a new migration, when given, equals spec.vmiName"
                    + " (KubeVirt overwrites it; a warning).",
                "Remove the label kubevirt.io/vmi-name or set it to spec.vmiName; KubeVirt sets it itself.")
            .exportedAs(SelectorLabelMatches::cel));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    String vmiName = RuleHelpers.textOrEmpty(RuleHelpers.at(review.object(), "spec", "vmiName"));
    JsonNode label =
        RuleHelpers.at(review.object(), "metadata", "labels").path(Kind.VMI_NAME_LABEL);
    if (vmiName.isEmpty() || !label.isTextual() || label.textValue().equals(vmiName)) {
      return;
    }
    out.invalid(
        FieldPath.of("metadata", "labels").key(Kind.VMI_NAME_LABEL),
        label,
        "differs from spec.vmiName "
            + Shown.quoted(vmiName)
            + ": KubeVirt sets this label to spec.vmiName on create and finds in-flight"
            + " migrations by it");
  }

  /** The warning of {@code vmim-selector-label}: a label given that KubeVirt will overwrite. */
  static List<Check> cel() {
    String vmiName = CelNames.vmiName();
    String label = Cel.optKey(Cel.opt("object", "metadata", "labels"), Kind.VMI_NAME_LABEL);
    return List.of(
        Check.of("vmim-selector-label", Set.of(CREATE))
            .when(
                vmiName
                    + " != '' && "
                    + label
                    + ".hasValue() && type("
                    + label
                    + ".value()) == string && "
                    + label
                    + ".value() != "
                    + vmiName,
                Cel.lit(CelNames.LABEL_PATH + ": differs from spec.vmiName ")
                    + " + "
                    + Cel.quoted(vmiName)
                    + " + "
                    + Cel.lit(
                        ": KubeVirt sets this label to spec.vmiName on create and finds in-flight"
                            + " migrations by it")));
  }
}
