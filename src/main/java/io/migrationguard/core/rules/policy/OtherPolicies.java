package io.migrationguard.core.rules.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiPredicate;

/** The policies a policy is compared with: those it may equal or tie with, sorted by name. */
final class OtherPolicies {
  private OtherPolicies() {}

  /**
   * Every policy of {@code cluster} the selector rules may fire on ({@link
   * ClusterView#policiesComparableWith}) but the reviewed one. The reviewed object is excluded by
   * name on CREATE as on UPDATE (a re-applied manifest, or the lint's own input set, contains it),
   * and by identity when it has no name yet ({@code generateName}).
   */
  static List<JsonNode> of(Review review, ClusterView cluster) {
    String self = review.name();
    List<Named> others = new ArrayList<>();
    for (JsonNode p : cluster.policiesComparableWith(review.object())) {
      String name = RuleHelpers.name(p); // read once, not in every comparison of the sort
      if (p != review.object() && (self.isEmpty() || !self.equals(name))) {
        others.add(new Named(name, p));
      }
    }
    others.sort(Comparator.comparing(Named::name));
    List<JsonNode> out = new ArrayList<>(others.size());
    others.forEach(n -> out.add(n.policy()));
    return out;
  }

  /**
   * The other policies ({@link #of}) whose selectors stand in {@code relation} to the reviewed
   * one's: equal ones for {@code policy-selectors-unique}, ones that can tie for the tie warning.
   */
  static List<JsonNode> where(
      Review review, ClusterView cluster, BiPredicate<PolicySelectors, PolicySelectors> relation) {
    PolicySelectors mine = PolicySelectors.of(review.object());
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode other : of(review, cluster)) {
      if (relation.test(mine, PolicySelectors.of(other))) {
        out.add(other);
      }
    }
    return out;
  }

  /** Why the selector rules stay in the webhook, in the export's words. */
  static final String WEBHOOK_ONLY =
      RuleInfo.WebhookOnly.CLUSTER + " (the other migration policies)";

  private record Named(String name, JsonNode policy) {}
}
