package io.migrationguard.core.rules.vmim;

import io.migrationguard.core.Review;
import io.migrationguard.core.Scope;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;

/**
 * {@code vmim-added-node-selector}: the extra node selector is made of valid label keys and values;
 * a bad one would only surface later as an unschedulable target pod.
 */
public final class AddedNodeSelector extends Rule {
  public AddedNodeSelector() {
    super(
        RuleInfo.error(
                "vmim-added-node-selector",
                Scope.VMIM_CREATE,
                "Every key of spec.addedNodeSelector must be a valid label key and every value a valid"
                    + " label value.",
                "Use valid label keys and values in spec.addedNodeSelector: they are matched against node labels.")
            .webhookOnly(RuleInfo.WebhookOnly.PER_KEY));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    RuleHelpers.labelMap(
        out,
        FieldPath.of("spec", "addedNodeSelector"),
        RuleHelpers.at(review.object(), "spec", "addedNodeSelector"));
  }
}
