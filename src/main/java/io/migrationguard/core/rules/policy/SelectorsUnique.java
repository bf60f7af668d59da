package io.migrationguard.core.rules.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
 * {@code policy-selectors-unique}: no two policies have the same selectors. KubeVirt's docs forbid
 * it but nothing enforces it, and the policy with the larger name is then silently never applied.
 */
public final class SelectorsUnique extends Rule {
  public SelectorsUnique() {
    super(
        RuleInfo.error(
                "policy-selectors-unique",
                Scope.POLICY_WRITE,
                "No two migration policies may have the same selectors, since KubeVirt would silently"
                    + " apply only the one whose name sorts first.",
                "Merge the two policies, or change the selectors of one of them: KubeVirt never applies the policy whose name sorts last.")
            .needs(Lookup.POLICIES)
            .webhookOnly(OtherPolicies.WEBHOOK_ONLY));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    JsonNode shown = shown(review.object());
    for (JsonNode other : OtherPolicies.where(review, cluster, PolicySelectors::equals)) {
      out.duplicate(FieldPath.of("spec", "selectors"), shown, detail(review, other));
    }
  }

  static JsonNode shown(JsonNode policy) {
    JsonNode selectors = RuleHelpers.at(policy, "spec", "selectors");
    return RuleHelpers.isSet(selectors) ? selectors : JsonNodeFactory.instance.objectNode();
  }

  private static String detail(Review review, JsonNode other) {
    String otherName = RuleHelpers.name(other);
    String self = review.name();
    String detail = "MigrationPolicy " + Shown.quoted(otherName) + " has the same selectors";
    if (self.isEmpty()) {
      return detail + "; KubeVirt would apply only the one whose name sorts first";
    }
    String loser = self.compareTo(otherName) > 0 ? self : otherName;
    return detail + "; KubeVirt would never apply " + Shown.quoted(loser);
  }
}
