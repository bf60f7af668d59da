package io.migrationguard.core.rules.policy;

import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Review;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.rules.Checks;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import java.util.Set;

/**
 * {@code policy-downtime-tuning-gate}: {@code experimental.downtimeTuning} set or changed needs the
 * Alpha gate {@code MigrationDowntimeTuning} (KubeVirt v1.9 parity).
 */
public final class DowntimeTuningGate implements Rule {
  private static final RuleInfo INFO =
      new RuleInfo(
          "policy-downtime-tuning-gate",
          "Setting or changing spec.experimental.downtimeTuning requires the"
              + " MigrationDowntimeTuning feature gate.",
          "Enable the MigrationDowntimeTuning feature gate in the KubeVirt CR, or remove spec.experimental.downtimeTuning.",
          Set.of(Kind.POLICY),
          Set.of(Operation.CREATE, Operation.UPDATE),
          Severity.ERROR,
          Set.of(Lookup.FEATURE_GATES));

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    if (GateChange.setOrChanged(review, "spec", "experimental", "downtimeTuning")
        && !cluster.featureGates().enabled(MaxDowntimeGate.DOWNTIME_TUNING)) {
      out.invalid(
          FieldPath.of("spec", "experimental", "downtimeTuning"),
          Checks.at(review.object(), "spec", "experimental", "downtimeTuning"),
          "experimental.downtimeTuning cannot be set or changed without enabling the "
              + MaxDowntimeGate.DOWNTIME_TUNING
              + " feature gate");
    }
  }
}
