package io.migrationguard.core.rules.vmim;

import static io.migrationguard.core.model.Operation.CREATE;

import io.migrationguard.core.cel.Cel;
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

/**
 * {@code vmim-priority-enum}: {@code spec.priority} is one of KubeVirt's three priorities. KubeVirt
 * itself accepts any string and silently queues unknown values at the lowest priority.
 */
public final class PriorityEnum extends Rule {
  /** The priorities KubeVirt's migration queue knows. */
  public static final Set<String> SUPPORTED =
      Set.of("system-critical", "user-triggered", "system-maintenance");

  public PriorityEnum() {
    super(
        RuleInfo.error(
                "vmim-priority-enum",
                Scope.VMIM_CREATE,
                "The spec.priority of a migration, when set, must be system-critical, user-triggered or"
                    + " system-maintenance.",
                "Set spec.priority to system-critical, user-triggered or system-maintenance, or leave it out.")
            .exportedAs(PriorityEnum::cel));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    var priority = RuleHelpers.at(review.object(), "spec", "priority");
    if (!RuleHelpers.isSet(priority)) {
      return;
    }
    if (!priority.isTextual() || !SUPPORTED.contains(priority.textValue())) {
      out.notSupported(
          FieldPath.of("spec", "priority"),
          priority,
          "supported values: " + RuleHelpers.quotedSorted(SUPPORTED));
    }
  }

  /** The findings of this rule as CEL, one check each (docs/admission-policies.md). */
  static List<Check> cel() {
    String p = Cel.opt("object", "spec", "priority");
    return List.of(
        Check.of("vmim-priority-enum", Set.of(CREATE))
            .when(
                p
                    + ".hasValue() && !("
                    + p
                    + ".value() in "
                    + Cel.list(PriorityEnum.SUPPORTED)
                    + ")",
                Words.withValue(
                    "spec.priority",
                    CauseType.NOT_SUPPORTED,
                    Cel.quoted(p + ".value()"),
                    "supported values: " + RuleHelpers.quotedSorted(PriorityEnum.SUPPORTED))));
  }
}
