package io.migrationguard.core.rules.policy;

import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;

/** {@code policy-selectors-empty}: a warning for a policy that applies to every VMI. */
public final class SelectorsEmpty extends Rule {
  public SelectorsEmpty() {
    super(
        RuleInfo.warning(
            "policy-selectors-empty",
            Scope.POLICY_WRITE,
            "Warns when both selectors of a migration policy are empty, so that it matches every"
                + " VirtualMachineInstance in the cluster.",
            "Add a namespaceSelector or virtualMachineInstanceSelector entry unless the policy is meant for every VM in the cluster."));
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
}
