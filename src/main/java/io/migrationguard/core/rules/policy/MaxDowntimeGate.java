package io.migrationguard.core.rules.policy;

import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Review;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.rules.Checks;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import java.util.Set;

/**
 * {@code policy-max-downtime-gate}: setting or changing {@code maxDowntimeMs} needs one of the two
 * Alpha gates that use it (KubeVirt v1.9 parity). Gates are looked up only when needed.
 */
public final class MaxDowntimeGate implements Rule {
  static final String STALL_DETECTION = "MigrationStallDetection";
  static final String DOWNTIME_TUNING = "MigrationDowntimeTuning";

  private static final RuleInfo INFO =
      new RuleInfo(
          "policy-max-downtime-gate",
          "Setting or changing spec.maxDowntimeMs requires the MigrationStallDetection or"
              + " MigrationDowntimeTuning feature gate.",
          "Enable the MigrationStallDetection or MigrationDowntimeTuning feature gate in the KubeVirt CR, or remove spec.maxDowntimeMs.",
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
    if (!GateChange.setOrChanged(review, "spec", "maxDowntimeMs")) {
      return;
    }
    FeatureGates gates = cluster.featureGates();
    if (!gates.enabled(STALL_DETECTION) && !gates.enabled(DOWNTIME_TUNING)) {
      out.invalid(
          FieldPath.of("spec", "maxDowntimeMs"),
          Checks.at(review.object(), "spec", "maxDowntimeMs"),
          "maxDowntimeMs cannot be set or changed without enabling the "
              + STALL_DETECTION
              + " or "
              + DOWNTIME_TUNING
              + " feature gate");
    }
  }
}
