package io.migrationguard.core.rules.vmim;

import static io.migrationguard.core.model.Operation.UPDATE;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.CelNames;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cel.Words;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code vmim-selector-label-stable}: KubeVirt finds the migrations of a VMI by the label {@code
 * kubevirt.io/vmi-name}; removing or changing it while the migration runs hides it from that lookup
 * (KubeVirt parity).
 */
public final class SelectorLabelStable extends Rule {
  public SelectorLabelStable() {
    super(
        RuleInfo.error(
                "vmim-selector-label-stable",
                Scope.VMIM_UPDATE,
                "The label kubevirt.io/vmi-name of a migration in flight may not be removed or changed.",
                "Leave the label kubevirt.io/vmi-name as it is until the migration has finished.")
            .exportedAs(SelectorLabelStable::cel));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    if (review.oldObject() == null
        || RuleHelpers.isFinalPhase(RuleHelpers.phase(review.object()))) {
      return;
    }
    Optional<String> before = label(review.oldObject());
    if (before.isEmpty()) {
      return;
    }
    Optional<String> after = label(review.object());
    FieldPath path = FieldPath.of("metadata", "labels").key(Kind.VMI_NAME_LABEL);
    if (after.isEmpty()) {
      out.forbidden(path, "the selector label may not be removed from an in-flight migration");
    } else if (!after.get().equals(before.get())) {
      out.forbidden(path, "the selector label may not be changed on an in-flight migration");
    }
  }

  private static Optional<String> label(JsonNode object) {
    var value = RuleHelpers.at(object, "metadata", "labels").path(Kind.VMI_NAME_LABEL);
    if (!RuleHelpers.isSet(value)) {
      return Optional.empty();
    }
    return Optional.of(value.isTextual() ? value.textValue() : value.toString());
  }

  /** The findings of this rule as CEL, one check each (docs/admission-policies.md). */
  static List<Check> cel() {
    String id = "vmim-selector-label-stable";
    String before = Cel.optKey(Cel.opt("oldObject", "metadata", "labels"), Kind.VMI_NAME_LABEL);
    String after = Cel.optKey(Cel.opt("object", "metadata", "labels"), Kind.VMI_NAME_LABEL);
    String inFlight =
        "oldObject != null && !("
            + Cel.text(Cel.opt("object", "status", "phase"))
            + " in ['Succeeded', 'Failed']) && "
            + before
            + ".hasValue()";
    Check.Of c = Check.of(id, Set.of(UPDATE));
    return List.of(
        c.when(
            inFlight + " && !" + after + ".hasValue()",
            Words.plain(
                CelNames.LABEL_PATH,
                CauseType.FORBIDDEN,
                "the selector label may not be removed from an in-flight migration")),
        c.when(
            inFlight
                + " && "
                + after
                + ".hasValue() && "
                + after
                + ".value() != "
                + before
                + ".value()",
            Words.plain(
                CelNames.LABEL_PATH,
                CauseType.FORBIDDEN,
                "the selector label may not be changed on an in-flight migration")));
  }
}
