package io.migrationguard.core.rules.vmim;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.model.Shown;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.Comparator;
import java.util.List;

/**
 * {@code vmim-no-inflight}: one migration at a time per VMI. Other migrations are matched by the
 * label {@code kubevirt.io/vmi-name} (as KubeVirt does) or by {@code spec.vmiName} (which also
 * catches migrations created before the label was set, and offline manifests without it).
 */
public final class NoInflight extends Rule {
  public NoInflight() {
    super(
        RuleInfo.error(
                "vmim-no-inflight",
                Scope.VMIM_CREATE,
                "No other unfinished migration may target the same VirtualMachineInstance.",
                "Wait until the migration in flight finishes (Succeeded or Failed), or delete it, before creating another for the same VM.")
            .needs(Lookup.MIGRATIONS)
            .webhookOnly(RuleInfo.WebhookOnly.CLUSTER + " (the migrations in flight)"));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    String vmiName = RuleHelpers.textOrEmpty(RuleHelpers.at(review.object(), "spec", "vmiName"));
    if (vmiName.isEmpty()) {
      return; // vmim-vmi-name-required reports it
    }
    String self = review.name();
    List<JsonNode> conflicts =
        cluster.migrationsOf(review.effectiveNamespace(), vmiName).stream()
            .filter(m -> m != review.object())
            .filter(m -> self.isEmpty() || !self.equals(RuleHelpers.name(m)))
            .filter(m -> !RuleHelpers.isFinalPhase(RuleHelpers.phase(m)))
            .filter(m -> targets(m, vmiName))
            .filter(m -> !otherEnd(review.object(), m))
            .sorted(Comparator.comparing(RuleHelpers::name))
            .toList();
    for (JsonNode other : conflicts) {
      String phase = RuleHelpers.phase(other);
      out.duplicate(
          FieldPath.of("spec", "vmiName"),
          review.object().path("spec").path("vmiName"),
          "migration "
              + Shown.quoted(RuleHelpers.name(other))
              + " of this VirtualMachineInstance is already in flight (phase "
              + (phase.isEmpty() ? "unset" : phase)
              + ")");
    }
  }

  /**
   * Whether {@code other} is the other end of the same decentralized migration: one sends ({@code
   * spec.sendTo}), the other receives ({@code spec.receive}), with one {@code migrationID}. The two
   * ends are one migration, not two in flight.
   */
  static boolean otherEnd(JsonNode self, JsonNode other) {
    return pairs(self, other, "sendTo", "receive") || pairs(self, other, "receive", "sendTo");
  }

  private static boolean pairs(JsonNode self, JsonNode other, String mine, String theirs) {
    String id = RuleHelpers.textOrEmpty(RuleHelpers.at(self, "spec", mine, "migrationID"));
    return !id.isEmpty()
        && !RuleHelpers.isSet(RuleHelpers.at(self, "spec", theirs))
        && !RuleHelpers.isSet(RuleHelpers.at(other, "spec", mine))
        && id.equals(RuleHelpers.textOrEmpty(RuleHelpers.at(other, "spec", theirs, "migrationID")));
  }

  private static boolean targets(JsonNode migration, String vmiName) {
    JsonNode label = RuleHelpers.at(migration, "metadata", "labels").path(Kind.VMI_NAME_LABEL);
    return vmiName.equals(RuleHelpers.textOrEmpty(label))
        || vmiName.equals(RuleHelpers.textOrEmpty(RuleHelpers.at(migration, "spec", "vmiName")));
  }
}
