package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.release.Release;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What draining one node does to each VMI on it, as KubeVirt v1.9.0 decides it: the eviction
 * strategy is the VMI's own {@code spec.evictionStrategy}, else the KubeVirt CR's {@code
 * spec.configuration.evictionStrategy}, else {@code None} ({@code VMIEvictionStrategy},
 * pkg/util/migrations/migrations.go; the default in pkg/virt-config/configuration.go); the launcher
 * pod's eviction is then refused, marks the VMI for migration, or passes
 * (pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go, {@code
 * admitLauncherPod}). A VMI to migrate is judged by the placement engine with the drained node
 * cordoned, as {@code kubectl drain} leaves it.
 */
public final class Drain {
  /**
   * KubeVirt's default eviction strategy when neither the VMI nor the CR sets one (v1.5 to v1.9).
   */
  public static final String DEFAULT_STRATEGY = "None";

  private Drain() {}

  /**
   * @param node the node to drain
   * @param vmis the VMIs whose {@code status.nodeName} is {@code node}
   * @param sourcePods each VMI's running launcher pod by VMI uid (absent: not known)
   * @param kubevirt the KubeVirt CR, or null
   * @param nodes every Node of the cluster, the drained one included
   */
  public static DrainPlan judge(
      String node,
      List<JsonNode> vmis,
      Map<String, JsonNode> sourcePods,
      JsonNode kubevirt,
      Release release,
      List<NodeFacts> nodes) {
    List<NodeFacts> cordoned = new ArrayList<>(nodes.size());
    for (NodeFacts n : nodes) {
      cordoned.add(
          n.name().equals(node) ? new NodeFacts(n.name(), n.labels(), n.taints(), true) : n);
    }
    String crStrategy =
        kubevirt == null
            ? ""
            : kubevirt.path("spec").path("configuration").path("evictionStrategy").asText("");
    List<DrainPlan.Vmi> out = new ArrayList<>();
    for (JsonNode vmi : vmis) {
      String own = vmi.path("spec").path("evictionStrategy").asText("");
      String strategy =
          !own.isEmpty() ? own : !crStrategy.isEmpty() ? crStrategy : DEFAULT_STRATEGY;
      String from = !own.isEmpty() ? "vmi" : !crStrategy.isEmpty() ? "kubevirt" : "default";
      boolean migratable = liveMigratable(vmi);
      JsonNode pod = sourcePods.get(vmi.path("metadata").path("uid").asText(""));
      Placement placement = null;
      boolean wantsMigration =
          strategy.equals("LiveMigrate")
              || (strategy.equals("LiveMigrateIfPossible") && migratable);
      if (wantsMigration && migratable) {
        placement =
            Feasibility.judge(new PlacementInput(vmi, pod, null, kubevirt, release), cordoned);
      }
      out.add(outcome(vmi, strategy, from, migratable, placement));
    }
    return new DrainPlan(node, out);
  }

  private static DrainPlan.Vmi outcome(
      JsonNode vmi, String strategy, String from, boolean migratable, Placement placement) {
    String ns = vmi.path("metadata").path("namespace").asText("");
    String name = vmi.path("metadata").path("name").asText("");
    DrainPlan.Outcome outcome;
    String why;
    switch (strategy) {
      case "LiveMigrate", "LiveMigrateIfPossible" -> {
        if (!migratable) {
          boolean blocks = strategy.equals("LiveMigrate");
          outcome = blocks ? DrainPlan.Outcome.BLOCKS : DrainPlan.Outcome.STOPS;
          why =
              "not live-migratable ("
                  + notMigratableReason(vmi)
                  + (blocks
                      ? "): its eviction is refused until it is (LiveMigrate)"
                      : "): evicted and shut down, not moved (LiveMigrateIfPossible)");
        } else if (placement.anyFeasible()) {
          outcome = DrainPlan.Outcome.MIGRATES;
          why =
              placement.feasible().size()
                  + " of "
                  + placement.nodes().size()
                  + " nodes can take it";
        } else {
          outcome = DrainPlan.Outcome.BLOCKS;
          why = "no node can take its target pod: " + placement.summary();
        }
      }
      case "External" -> {
        outcome = DrainPlan.Outcome.EXTERNAL;
        why = "marked for eviction; an external controller must move or stop it (External)";
      }
      case "None" -> {
        outcome = DrainPlan.Outcome.STOPS;
        why = "evicted and shut down, not moved (eviction strategy None)";
      }
      default -> {
        outcome = DrainPlan.Outcome.STOPS;
        why = "unknown eviction strategy " + strategy + ": KubeVirt does not act on it";
      }
    }
    return new DrainPlan.Vmi(ns, name, strategy, from, migratable, placement, outcome, why);
  }

  /** KubeVirt's {@code IsMigratable}: the LiveMigratable condition is True. */
  static boolean liveMigratable(JsonNode vmi) {
    for (JsonNode c : vmi.path("status").path("conditions")) {
      if ("LiveMigratable".equals(c.path("type").asText())) {
        return "True".equals(c.path("status").asText());
      }
    }
    return false;
  }

  private static String notMigratableReason(JsonNode vmi) {
    for (JsonNode c : vmi.path("status").path("conditions")) {
      if ("LiveMigratable".equals(c.path("type").asText())) {
        String reason = c.path("reason").asText("");
        return reason.isEmpty() ? "LiveMigratable is " + c.path("status").asText() : reason;
      }
    }
    return "no LiveMigratable condition";
  }
}
