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
 * {@code policy-stall-detector-gate}: {@code experimental.stallDetector} set (CREATE) or changed
 * (UPDATE) needs the Alpha gate {@code MigrationStallDetection} (KubeVirt v1.9 parity).
 */
public final class StallDetectorGate implements Rule {
  private static final RuleInfo INFO =
      new RuleInfo(
          "policy-stall-detector-gate",
          "Setting or changing spec.experimental.stallDetector requires the"
              + " MigrationStallDetection feature gate.",
          "Enable the MigrationStallDetection feature gate in the KubeVirt CR, or remove spec.experimental.stallDetector.",
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
    if (GateChange.setOrChanged(review, "spec", "experimental", "stallDetector")
        && !cluster.featureGates().enabled(MaxDowntimeGate.STALL_DETECTION)) {
      out.invalid(
          FieldPath.of("spec", "experimental", "stallDetector"),
          Checks.at(review.object(), "spec", "experimental", "stallDetector"),
          "experimental.stallDetector cannot be set or changed without enabling the "
              + MaxDowntimeGate.STALL_DETECTION
              + " feature gate");
    }
  }
}
