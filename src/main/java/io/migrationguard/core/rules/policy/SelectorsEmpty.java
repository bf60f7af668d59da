package io.migrationguard.core.rules.policy;

import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Review;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import java.util.Set;

/** {@code policy-selectors-empty}: a warning for a policy that applies to every VMI. */
public final class SelectorsEmpty implements Rule {
  private static final RuleInfo INFO =
      new RuleInfo(
          "policy-selectors-empty",
          "Warns when both selectors of a migration policy are empty, so that it matches every"
              + " VirtualMachineInstance in the cluster.",
          "Add a namespaceSelector or virtualMachineInstanceSelector entry unless the policy is meant for every VM in the cluster.",
          Set.of(Kind.POLICY),
          Set.of(Operation.CREATE, Operation.UPDATE),
          Severity.WARNING,
          Set.of());

  @Override
  public RuleInfo info() {
    return INFO;
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
