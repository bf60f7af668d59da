package io.migrationguard.core.rules.vmim;

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
 * {@code vmim-decentralized-gate}: cross-cluster ({@code sendTo}/{@code receive}) migrations need
 * the Beta gate {@code DecentralizedLiveMigration} (KubeVirt parity). The gates are looked up only
 * when the migration is decentralized, so ordinary migrations never wait on the cluster.
 */
public final class DecentralizedGate implements Rule {
  /** The KubeVirt feature gate for decentralized live migration. */
  public static final String GATE = "DecentralizedLiveMigration";

  private static final RuleInfo INFO =
      new RuleInfo(
          "vmim-decentralized-gate",
          "A migration with spec.sendTo or spec.receive requires the DecentralizedLiveMigration"
              + " feature gate.",
          "Enable the DecentralizedLiveMigration feature gate in the KubeVirt CR (or stop disabling it), or remove spec.sendTo and spec.receive.",
          Set.of(Kind.VMIM),
          Set.of(Operation.CREATE),
          Severity.ERROR,
          Set.of(Lookup.FEATURE_GATES));

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    for (String field : new String[] {"sendTo", "receive"}) {
      if (Checks.isSet(Checks.at(review.object(), "spec", field))
          && !cluster.featureGates().enabled(GATE)) {
        out.forbidden(
            FieldPath.of("spec", field),
            "decentralized live migration requires the "
                + GATE
                + " feature gate, which is disabled in the KubeVirt configuration");
      }
    }
  }
}
