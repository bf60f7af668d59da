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
 * {@code policy-experimental-exclusive}: the stall detector and downtime tuning both drive the
 * migration's downtime, so a policy may use one of them only (KubeVirt parity).
 */
public final class ExperimentalExclusive implements Rule {
  private static final RuleInfo INFO =
      new RuleInfo(
          "policy-experimental-exclusive",
          "A migration policy may set spec.experimental.stallDetector or"
              + " spec.experimental.downtimeTuning, not both.",
          "Keep either spec.experimental.stallDetector or spec.experimental.downtimeTuning, not both.",
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
    var experimental = Checks.at(review.object(), "spec", "experimental");
    if (Checks.isSet(experimental.path("stallDetector"))
        && Checks.isSet(experimental.path("downtimeTuning"))) {
      out.invalid(
          FieldPath.of("spec", "experimental"),
          experimental,
          "stallDetector and downtimeTuning are mutually exclusive: set only one of them");
    }
  }
}
