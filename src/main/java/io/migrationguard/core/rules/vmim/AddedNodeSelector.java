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

/**
 * {@code vmim-added-node-selector}: the extra node selector is made of valid label keys and values;
 * a bad one would only surface later as an unschedulable target pod.
 */
public final class AddedNodeSelector implements Rule {
  private static final RuleInfo INFO =
      new RuleInfo(
          "vmim-added-node-selector",
          "Every key of spec.addedNodeSelector must be a valid label key and every value a valid"
              + " label value.",
          "Use valid label keys and values in spec.addedNodeSelector: they are matched against node labels.",
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
    Checks.labelMap(
        out,
        FieldPath.of("spec", "addedNodeSelector"),
        Checks.at(review.object(), "spec", "addedNodeSelector"));
  }
}
