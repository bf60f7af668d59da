package io.migrationguard.core.rules.policy;

import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;

/**
 * {@code policy-selector-labels}: both selectors are plain label maps; a key or value no label can
 * have makes the policy silently match nothing.
 */
public final class SelectorLabels extends Rule {
  public SelectorLabels() {
    super(
        RuleInfo.error(
                "policy-selector-labels",
                Scope.POLICY_WRITE,
                "Every key and value of the namespace and VirtualMachineInstance selectors of a"
                    + " migration policy must be a valid label key and value.",
                "Use valid label keys and values in namespaceSelector and virtualMachineInstanceSelector: they are matched against labels.")
            .webhookOnly(RuleInfo.WebhookOnly.PER_KEY));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    FieldPath selectors = FieldPath.of("spec", "selectors");
    var node = RuleHelpers.at(review.object(), "spec", "selectors");
    for (String field : new String[] {"namespaceSelector", "virtualMachineInstanceSelector"}) {
      RuleHelpers.labelMap(out, selectors.child(field), node.path(field));
    }
  }
}
