package io.migrationguard.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.core.release.Releases;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The engine at 5,000 Nodes: one pass, every node judged, the summary stays one bounded line. No
 * timing is asserted (the machine is shared); the bench measures cost.
 */
class PlacementScaleTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void fiveThousandNodes() throws Exception {
    JsonNode vmi =
        JSON.readTree(
            """
            {"metadata": {"name": "db-0"},
             "spec": {"architecture": "amd64", "domain": {"cpu": {"model": "host-model"}},
                      "tolerations": [{"key": "dedicated", "operator": "Exists"}]},
             "status": {"nodeName": "n0"}}""");
    List<NodeFacts> nodes = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      String model = i % 3 == 0 ? "Cascadelake-Server" : "Skylake-Server-" + (i % 400);
      nodes.add(
          new NodeFacts(
              "n" + i,
              Map.of(
                  "kubevirt.io/schedulable",
                  "true",
                  "kubernetes.io/arch",
                  "amd64",
                  "host-model-cpu.node.kubevirt.io/" + model,
                  "true",
                  "cpu-model-migration.node.kubevirt.io/" + model,
                  "true"),
              i % 7 == 0 ? List.of(new Taint("maint", "", "NoSchedule")) : List.of(),
              i % 11 == 0));
    }
    Placement p =
        Feasibility.judge(new PlacementInput(vmi, null, null, null, Releases.V1_9), nodes);
    assertEquals(5000, p.nodes().size());
    assertTrue(p.anyFeasible());
    int refused = p.refused().stream().mapToInt(ReasonGroup::count).sum();
    assertEquals(5000, p.feasible().size() + refused);
    String line = PlacementSummary.line(p, 4, 5);
    assertTrue(line.length() < 400, line);
    assertTrue(line.startsWith(p.feasible().size() + " of 5000 nodes can take db-0: "), line);
  }

  @Test
  void summaryCapsReasonsAndLongKeys() throws Exception {
    JsonNode vmi =
        JSON.readTree(
            """
            {"metadata": {"name": "x"},
             "spec": {"domain": {"cpu": {"model": "host-passthrough"}}, "nodeSelector": {"k": "v"}},
             "status": {"nodeName": "src"}}""");
    List<NodeFacts> nodes = new ArrayList<>();
    nodes.add(new NodeFacts("src", Map.of(), List.of(), false));
    for (int i = 0; i < 300; i++) {
      String key = "t" + i + "-" + "x".repeat(300);
      nodes.add(
          new NodeFacts(
              "n" + i,
              Map.of("kubevirt.io/schedulable", "true", "k", "v"),
              List.of(new Taint(key, "", "NoExecute")),
              false));
    }
    Placement p = Feasibility.judge(new PlacementInput(vmi, null, null, null, null), nodes);
    assertEquals(List.of(), p.feasible());
    String line = p.summary();
    assertTrue(line.length() < 4 * (PlacementSummary.MAX_KEY + 30) + 120, line);
    assertTrue(line.endsWith(" more for 297 other reasons"), line);
    assertEquals(8, p.notJudged().size());
  }
}
