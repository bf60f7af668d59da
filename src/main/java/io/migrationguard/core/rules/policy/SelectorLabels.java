package io.migrationguard.core.rules.policy;

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
 * {@code policy-selector-labels}: both selectors are plain label maps; a key or value no label can
 * have makes the policy silently match nothing.
 */
public final class SelectorLabels implements Rule {
  private static final RuleInfo INFO =
      new RuleInfo(
          "policy-selector-labels",
          "Every key and value of the namespace and VirtualMachineInstance selectors of a"
              + " migration policy must be a valid label key and value.",
          "Use valid label keys and values in namespaceSelector and virtualMachineInstanceSelector: they are matched against labels.",
          Set.of(Kind.POLICY),
          Set.of(Operation.CREATE, Operation.UPDATE),
          Severity.ERROR,
          Set.of());

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    FieldPath selectors = FieldPath.of("spec", "selectors");
    var node = Checks.at(review.object(), "spec", "selectors");
    for (String field : new String[] {"namespaceSelector", "virtualMachineInstanceSelector"}) {
      Checks.labelMap(out, selectors.child(field), node.path(field));
    }
  }
}
