package io.migrationguard.core.rules.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.model.Shown;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;

/**
 * {@code policy-selectors-tie}: a warning when another policy's different selectors can match the
 * same VMI with the same score (see {@link PolicySelectors#canTieWith}); KubeVirt then silently
 * picks the policy whose name sorts first.
 */
public final class SelectorsTie extends Rule {
  public SelectorsTie() {
    super(
        RuleInfo.warning(
                "policy-selectors-tie",
                Scope.POLICY_WRITE,
                "Warns when another migration policy with selectors of the same sizes and no conflicting"
                    + " labels can tie with this one for some VirtualMachineInstance.",
                "Add or change a selector key so that the two policies cannot match the same VM with equal weight (KubeVirt would pick the one whose name sorts first).")
            .needs(Lookup.POLICIES)
            .webhookOnly(OtherPolicies.WEBHOOK_ONLY));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    String self = review.name();
    for (JsonNode other : OtherPolicies.where(review, cluster, PolicySelectors::canTieWith)) {
      String otherName = RuleHelpers.name(other);
      String winner =
          self.isEmpty()
              ? "the policy whose name sorts first"
              : Shown.quoted(self.compareTo(otherName) < 0 ? self : otherName);
      out.invalid(
          FieldPath.of("spec", "selectors"),
          SelectorsUnique.shown(review.object()),
          "can tie with MigrationPolicy "
              + Shown.quoted(otherName)
              + " (same selector sizes, no conflicting labels); a VirtualMachineInstance matching"
              + " both gets "
              + winner);
    }
  }
}
