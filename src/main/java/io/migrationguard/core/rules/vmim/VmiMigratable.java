package io.migrationguard.core.rules.vmim;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.model.Shown;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.Optional;

/**
 * {@code vmim-vmi-migratable}: the VMI exists in the migration's namespace, is not finished and is
 * not marked {@code LiveMigratable=False} (KubeVirt parity). A decentralized migration (exactly one
 * of {@code sendTo}/{@code receive}) copies the disks, so {@code DisksNotLiveMigratable} does not
 * stop it.
 */
public final class VmiMigratable extends Rule {
  private static final String DISKS_NOT_MIGRATABLE = "DisksNotLiveMigratable";

  public VmiMigratable() {
    super(
        RuleInfo.error(
                "vmim-vmi-migratable",
                Scope.VMIM_CREATE,
                "The VirtualMachineInstance named by spec.vmiName must exist in the migration's"
                    + " namespace, not be finished and be live-migratable.",
                "Name a running VirtualMachineInstance of the migration's namespace that is live-migratable (see its LiveMigratable condition).")
            .needs(Lookup.VMI)
            .webhookOnly(RuleInfo.WebhookOnly.CLUSTER + " (the VirtualMachineInstance)"));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    String name = RuleHelpers.textOrEmpty(RuleHelpers.at(review.object(), "spec", "vmiName"));
    if (name.isEmpty()) {
      return; // vmim-vmi-name-required reports it
    }
    String namespace = review.effectiveNamespace();
    String ref = Shown.quoted(namespace.isEmpty() ? name : namespace + "/" + name);
    FieldPath path = FieldPath.of("spec", "vmiName");
    Optional<JsonNode> vmi = cluster.vmi(namespace, name);
    if (vmi.isEmpty()) {
      out.invalid(path, name, "VirtualMachineInstance " + ref + " not found");
      return;
    }
    String phase = RuleHelpers.phase(vmi.get());
    if (RuleHelpers.isFinalPhase(phase)) {
      out.invalid(
          path,
          name,
          "VirtualMachineInstance " + ref + " is in final phase " + phase + " and cannot migrate");
      return;
    }
    JsonNode notMigratable = notMigratableCondition(vmi.get());
    if (notMigratable != null && !excused(review, notMigratable)) {
      out.invalid(
          path,
          name,
          "VirtualMachineInstance "
              + ref
              + " is not live-migratable, reason: "
              + RuleHelpers.textOrEmpty(notMigratable.path("reason"))
              + ", message: "
              + RuleHelpers.textOrEmpty(notMigratable.path("message")));
    }
  }

  private static JsonNode notMigratableCondition(JsonNode vmi) {
    JsonNode conditions = RuleHelpers.at(vmi, "status", "conditions");
    if (conditions.isArray()) {
      for (JsonNode c : conditions) {
        if ("LiveMigratable".equals(RuleHelpers.textOrEmpty(c.path("type")))
            && "False".equals(RuleHelpers.textOrEmpty(c.path("status")))) {
          return c;
        }
      }
    }
    return null;
  }

  private static boolean excused(Review review, JsonNode condition) {
    boolean sends = RuleHelpers.isSet(RuleHelpers.at(review.object(), "spec", "sendTo"));
    boolean receives = RuleHelpers.isSet(RuleHelpers.at(review.object(), "spec", "receive"));
    return sends != receives
        && DISKS_NOT_MIGRATABLE.equals(RuleHelpers.textOrEmpty(condition.path("reason")));
  }
}
