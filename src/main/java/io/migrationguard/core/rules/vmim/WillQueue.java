package io.migrationguard.core.rules.vmim;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterUnavailableException;
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
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code vmim-will-queue}: a new migration waits when the migrations already running reach the
 * KubeVirt CR's {@code parallelMigrationsPerCluster}, or those leaving the VMI's node reach {@code
 * parallelOutboundMigrationsPerNode} ({@code handleTargetPodCreation},
 * pkg/virt-controller/watch/migration/migration.go; defaults 5 and 2 in v1.5 to v1.9,
 * pkg/virt-config/virt-config.go). Users cannot tell queued from stuck (kubevirt#10415): this says
 * so at creation, with the counts. "Running" is KubeVirt's {@code IsRunning}: any phase but
 * Pending, Succeeded, Failed, WaitingForSync, Synchronizing and unset (a pending migration whose
 * target pod exists counts in KubeVirt too; the caches do not hold pods, so the count here can be
 * lower, never higher). A warning, and best effort: caches that cannot answer now skip it rather
 * than answer 503.
 */
public final class WillQueue extends Rule {
  static final int PER_CLUSTER_DEFAULT = 5;
  static final int PER_NODE_DEFAULT = 2;
  private static final Set<String> NOT_RUNNING =
      Set.of("", "Pending", "Succeeded", "Failed", "WaitingForSync", "Synchronizing");

  public WillQueue() {
    super(
        RuleInfo.warning(
                "vmim-will-queue",
                Scope.VMIM_CREATE,
                "A new migration waits, without saying so, while the migrations running reach the"
                    + " KubeVirt CR's parallelMigrationsPerCluster (default 5) or those leaving the"
                    + " VMI's node reach parallelOutboundMigrationsPerNode (default 2).",
                "Nothing to fix: the migration starts when a running one ends; raise the limits in"
                    + " the KubeVirt CR's spec.configuration.migrations if migrations often wait.")
            .needs(Lookup.MIGRATION_QUEUE, Lookup.VMI)
            .webhookOnly(RuleInfo.WebhookOnly.CLUSTER + " (every running migration)"));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    String name = RuleHelpers.textOrEmpty(RuleHelpers.at(review.object(), "spec", "vmiName"));
    if (name.isEmpty()) {
      return;
    }
    List<JsonNode> running;
    JsonNode limits;
    Optional<JsonNode> vmi;
    try {
      running = cluster.unfinishedMigrations().stream().filter(WillQueue::running).toList();
      limits = cluster.migrationConfiguration();
      vmi = cluster.vmi(review.effectiveNamespace(), name);
    } catch (ClusterUnavailableException e) {
      return; // a warning is not worth a 503
    }
    FieldPath path = FieldPath.of("spec", "vmiName");
    Limit perCluster = limit(limits, "parallelMigrationsPerCluster", PER_CLUSTER_DEFAULT);
    if (running.size() >= perCluster.value()) {
      out.invalid(
          path,
          name,
          "will queue: "
              + running.size()
              + " migrations are running in the cluster, at parallelMigrationsPerCluster "
              + perCluster.describe()
              + "; it starts when one of them ends");
      return;
    }
    String node =
        vmi.map(v -> RuleHelpers.textOrEmpty(RuleHelpers.at(v, "status", "nodeName"))).orElse("");
    if (node.isEmpty()) {
      return;
    }
    long outbound = running.stream().filter(m -> node.equals(sourceNode(m))).count();
    Limit perNode = limit(limits, "parallelOutboundMigrationsPerNode", PER_NODE_DEFAULT);
    if (outbound >= perNode.value()) {
      out.invalid(
          path,
          name,
          "will queue: "
              + outbound
              + " migrations are leaving node "
              + Shown.quoted(node)
              + ", at parallelOutboundMigrationsPerNode "
              + perNode.describe()
              + "; it starts when one of them ends");
    }
  }

  static boolean running(JsonNode migration) {
    String phase = RuleHelpers.textOrEmpty(RuleHelpers.at(migration, "status", "phase"));
    if (NOT_RUNNING.contains(phase)) {
      return false;
    }
    // A decentralized source (sendTo only) waiting to be scheduled does not run yet.
    JsonNode spec = migration.path("spec");
    return !(phase.equals("Scheduling") && spec.has("sendTo") && !spec.has("receive"));
  }

  // The source node a running migration reports (copied from its VMI's migrationState).
  private static String sourceNode(JsonNode migration) {
    return RuleHelpers.textOrEmpty(
        RuleHelpers.at(migration, "status", "migrationState", "sourceNode"));
  }

  private static Limit limit(JsonNode limits, String field, int fallback) {
    JsonNode v = limits.path(field);
    return v.canConvertToInt() && v.isIntegralNumber()
        ? new Limit(v.intValue(), false)
        : new Limit(fallback, true);
  }

  private record Limit(int value, boolean byDefault) {
    String describe() {
      return "(" + value + (byDefault ? ", KubeVirt's default" : ", set in the KubeVirt CR") + ")";
    }
  }
}
