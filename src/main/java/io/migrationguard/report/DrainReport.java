package io.migrationguard.report;

import static io.migrationguard.report.TerminalText.safe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.placement.DrainPlan;

/**
 * {@code explain drain NODE}: every VMI on the node and what the drain does to it, then a verdict.
 */
public final class DrainReport {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private DrainReport() {}

  /** The one-line verdict. */
  public static String verdict(DrainPlan plan) {
    int n = plan.vmis().size();
    if (n == 0) {
      return "no VMI runs on " + plan.node() + ": the drain moves none";
    }
    if (plan.movesEvery()) {
      return "the drain will move every VMI (" + n + ")";
    }
    int blocking = plan.blocking().size();
    long others =
        plan.vmis().stream().filter(v -> v.outcome() != DrainPlan.Outcome.MIGRATES).count();
    if (blocking == 0) {
      return "the drain will finish, but "
          + others
          + " of "
          + n
          + " VMIs will not be moved (see each)";
    }
    return blocking + " of " + n + (n == 1 ? " VMI blocks" : " VMIs block") + " the drain";
  }

  public static String text(DrainPlan plan, String releaseFrom) {
    StringBuilder sb = new StringBuilder();
    sb.append("Drain of node ")
        .append(safe(plan.node()))
        .append(" (")
        .append(safe(releaseFrom))
        .append("): ")
        .append(plan.vmis().size())
        .append(plan.vmis().size() == 1 ? " VMI\n" : " VMIs\n");
    for (DrainPlan.Vmi v : plan.vmis()) {
      sb.append("  ")
          .append(String.format("%-9s", v.outcome().id()))
          .append(safe(v.namespace() + "/" + v.name()))
          .append("  eviction ")
          .append(safe(v.strategy()))
          .append(" (")
          .append(v.strategyFrom())
          .append("), ")
          .append(v.liveMigratable() ? "LiveMigratable" : "not LiveMigratable")
          .append(": ")
          .append(safe(v.why()))
          .append('\n');
    }
    sb.append('\n').append(safe(verdict(plan))).append('\n');
    for (DrainPlan.Vmi v : plan.blocking()) {
      sb.append("  blocks: ")
          .append(safe(v.namespace() + "/" + v.name()))
          .append(": ")
          .append(safe(v.why()))
          .append('\n');
    }
    return sb.toString();
  }

  public static String json(DrainPlan plan, String releaseFrom) {
    ObjectNode o = JSON.createObjectNode();
    o.put("node", plan.node());
    o.put("releaseFrom", releaseFrom);
    ArrayNode vmis = o.putArray("vmis");
    for (DrainPlan.Vmi v : plan.vmis()) {
      ObjectNode x = vmis.addObject();
      x.put("namespace", v.namespace());
      x.put("name", v.name());
      x.put("evictionStrategy", v.strategy());
      x.put("evictionStrategyFrom", v.strategyFrom());
      x.put("liveMigratable", v.liveMigratable());
      if (v.placement() == null) {
        x.putNull("feasibleNodes");
        x.putNull("targets");
      } else {
        x.put("feasibleNodes", v.placement().feasible().size());
        x.set("targets", TargetsJson.of(v.placement()));
      }
      x.put("outcome", v.outcome().id());
      x.put("why", v.why());
    }
    o.put("movesEvery", plan.movesEvery());
    ArrayNode blocking = o.putArray("blocking");
    plan.blocking().forEach(v -> blocking.add(v.namespace() + "/" + v.name()));
    o.put("verdict", verdict(plan));
    return TerminalText.json(o.toPrettyString()) + "\n";
  }
}
