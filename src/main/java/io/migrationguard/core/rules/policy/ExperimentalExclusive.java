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
 * {@code policy-experimental-exclusive}: the stall detector and downtime tuning both drive the
 * migration's downtime, so a policy may use one of them only (KubeVirt parity).
 */
public final class ExperimentalExclusive extends Rule {
  public ExperimentalExclusive() {
    super(
        RuleInfo.error(
                "policy-experimental-exclusive",
                Scope.POLICY_WRITE,
                "A migration policy may set spec.experimental.stallDetector or"
                    + " spec.experimental.downtimeTuning, not both.",
                "Keep either spec.experimental.stallDetector or spec.experimental.downtimeTuning, not both.")
            .webhookOnly(RuleInfo.WebhookOnly.JSON_VALUE));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    var experimental = RuleHelpers.at(review.object(), "spec", "experimental");
    if (RuleHelpers.isSet(experimental.path("stallDetector"))
        && RuleHelpers.isSet(experimental.path("downtimeTuning"))) {
      out.invalid(
          FieldPath.of("spec", "experimental"),
          experimental,
          "stallDetector and downtimeTuning are mutually exclusive: set only one of them");
    }
  }
}
