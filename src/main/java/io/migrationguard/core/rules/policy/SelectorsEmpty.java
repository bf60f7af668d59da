package io.migrationguard.core.rules.policy;

import static io.migrationguard.core.model.Operation.CREATE;
import static io.migrationguard.core.model.Operation.UPDATE;

import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cel.Words;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import java.util.List;
import java.util.Set;

/** {@code policy-selectors-empty}: a warning for a policy that applies to every VMI. */
public final class SelectorsEmpty extends Rule {
  public SelectorsEmpty() {
    super(
        RuleInfo.warning(
                "policy-selectors-empty",
                Scope.POLICY_WRITE,
                "Warns when both selectors of a migration policy are empty, so that it matches every"
                    + " VirtualMachineInstance in the cluster.",
                "Add a namespaceSelector or virtualMachineInstanceSelector entry unless the policy is meant for every VM in the cluster.")
            .exportedAs(SelectorsEmpty::cel));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    if (PolicySelectors.emptyIn(review.object())) {
      out.invalid(
          FieldPath.of("spec", "selectors"),
          SelectorsUnique.shown(review.object()),
          "both selectors are empty: this policy matches every VirtualMachineInstance in the"
              + " cluster");
    }
  }

  /** The findings of this rule as CEL, one check each (docs/admission-policies.md). */
  static List<Check> cel() {
    String selectors = Cel.opt("object", "spec", "selectors");
    String empty = "";
    for (String field : new String[] {"namespaceSelector", "virtualMachineInstanceSelector"}) {
      String m = selectors + ".?" + field + ".orValue({})";
      empty += (empty.isEmpty() ? "" : " && ") + "(type(" + m + ") != map || size(" + m + ") == 0)";
    }
    return List.of(
        Check.of("policy-selectors-empty", Set.of(CREATE, UPDATE))
            .when(
                empty,
                Words.warning(
                    "spec.selectors",
                    "both selectors are empty: this policy matches every VirtualMachineInstance in the"
                        + " cluster")));
  }
}
