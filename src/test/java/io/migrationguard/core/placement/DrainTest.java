package io.migrationguard.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.core.release.Releases;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Drain}: the eviction strategy in force (the VMI's, the CR's, else None, as KubeVirt
 * v1.9.0's VMIEvictionStrategy) and what the eviction admitter makes of it.
 */
class DrainTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String s) throws Exception {
    return JSON.readTree(s);
  }

  private static JsonNode vmi(String name, String strategy, boolean migratable) throws Exception {
    return json(
        "{\"metadata\":{\"name\":\""
            + name
            + "\",\"namespace\":\"ns\",\"uid\":\""
            + name
            + "\"},\"spec\":{\"architecture\":\"amd64\",\"domain\":{\"cpu\":{\"model\":\"host-passthrough\"}}"
            + (strategy == null ? "" : ",\"evictionStrategy\":\"" + strategy + "\"")
            + "},\"status\":{\"nodeName\":\"n1\",\"conditions\":[{\"type\":\"LiveMigratable\",\"status\":\""
            + (migratable ? "True" : "False")
            + "\"}]}}");
  }

  private static final List<NodeFacts> NODES =
      List.of(
          new NodeFacts(
              "n1",
              Map.of("kubevirt.io/schedulable", "true", "kubernetes.io/arch", "amd64"),
              List.of(),
              false),
          new NodeFacts(
              "n2",
              Map.of("kubevirt.io/schedulable", "true", "kubernetes.io/arch", "amd64"),
              List.of(),
              false));

  private static DrainPlan plan(JsonNode kubevirt, JsonNode... vmis) {
    return Drain.judge("n1", List.of(vmis), Map.of(), kubevirt, Releases.NEWEST, NODES);
  }

  private static String outcome(DrainPlan p, int i) {
    DrainPlan.Vmi v = p.vmis().get(i);
    return v.outcome().id() + " " + v.strategy() + "/" + v.strategyFrom();
  }

  @Test
  void theStrategyIsTheVmisElseTheCrsElseNone() throws Exception {
    JsonNode cr = json("{\"spec\":{\"configuration\":{\"evictionStrategy\":\"LiveMigrate\"}}}");
    DrainPlan p = plan(cr, vmi("a", null, true), vmi("b", "None", true));
    assertEquals("migrates LiveMigrate/kubevirt", outcome(p, 0));
    assertEquals("stops None/vmi", outcome(p, 1));
    assertEquals("stops None/default", outcome(plan(null, vmi("c", null, true)), 0));
    assertEquals(1, p.vmis().get(0).placement().feasible().size(), "n1 is cordoned, n2 fits");
  }

  @Test
  void whatTheEvictionAdmitterMakesOfEachStrategy() throws Exception {
    DrainPlan p =
        plan(
            null,
            vmi("a", "LiveMigrate", false),
            vmi("b", "LiveMigrateIfPossible", false),
            vmi("c", "LiveMigrateIfPossible", true),
            vmi("d", "External", true),
            vmi("e", "Sometimes", true));
    assertEquals("blocks LiveMigrate/vmi", outcome(p, 0));
    assertEquals("stops LiveMigrateIfPossible/vmi", outcome(p, 1));
    assertEquals("migrates LiveMigrateIfPossible/vmi", outcome(p, 2));
    assertEquals("external External/vmi", outcome(p, 3));
    assertEquals("stops Sometimes/vmi", outcome(p, 4));
    assertEquals(1, p.blocking().size());
    assertFalse(p.movesEvery());
  }

  @Test
  void aMigrationNoNodeCanTakeBlocks() throws Exception {
    DrainPlan p =
        Drain.judge(
            "n1",
            List.of(vmi("a", "LiveMigrate", true)),
            Map.of(),
            null,
            Releases.NEWEST,
            List.of(NODES.get(0)));
    assertEquals("blocks LiveMigrate/vmi", outcome(p, 0));
    assertTrue(
        p.vmis().get(0).why().startsWith("no node can take its target pod: 0 of 1"),
        p.vmis().get(0).why());
  }
}
