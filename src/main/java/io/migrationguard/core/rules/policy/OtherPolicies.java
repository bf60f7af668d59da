package io.migrationguard.core.rules.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.Review;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.rules.RuleHelpers;
import java.util.Comparator;
import java.util.List;

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
    return cluster.policiesComparableWith(review.object()).stream()
        .filter(p -> p != review.object())
        .filter(p -> self.isEmpty() || !self.equals(RuleHelpers.name(p)))
        .sorted(Comparator.comparing(RuleHelpers::name))
        .toList();
  }
}
