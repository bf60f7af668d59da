package io.migrationguard.core.rules.meta;

import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;

/** {@code metadata-labels}: label keys and values as apimachinery's {@code ValidateLabels}. */
public final class MetadataLabels extends Rule {
  public MetadataLabels() {
    super(
        RuleInfo.error(
                "metadata-labels",
                Scope.ANY_WRITE,
                "Every label of an object must have a valid label key and a valid label value.",
                "Use label keys of the form [prefix/]name (name 1-63 characters: letters, digits, '-', '_', '.', alphanumeric at both ends) and values of at most 63 such characters.")
            .webhookOnly(RuleInfo.WebhookOnly.PER_KEY));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    RuleHelpers.labelMap(
        out,
        FieldPath.of("metadata", "labels"),
        RuleHelpers.at(review.object(), "metadata", "labels"));
  }
}
