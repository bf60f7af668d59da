package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code explain --vmi FILE --nodes FILE [--source-pod FILE] [--migration FILE]}: the target view
 * from files, as {@code kubectl get ... -o yaml} prints them, with no policies; its JSON and text.
 */
class ExplainTargetsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DIR = "src/test/resources/explain/targets/";

  private static ExplainTest.Run explain(String... args) {
    return ExplainTest.explain(args);
  }

  private static Map<String, String> reasons(JsonNode targets) {
    Map<String, String> out = new LinkedHashMap<>();
    for (JsonNode n : targets.path("nodes")) {
      out.put(
          n.path("name").asText(),
          n.path("fits").asBoolean()
              ? "fits"
              : n.path("kind").asText() + " " + n.path("key").asText());
    }
    return out;
  }

  @Test
  void jsonHoldsTheFeasibleNodesEveryNodesReasonAndWhatIsNotJudged() throws Exception {
    ExplainTest.Run r =
        explain(
            "--vmi", DIR + "vmi.yaml",
            "--nodes", DIR + "nodes.yaml",
            "--source-pod", DIR + "pod.yaml",
            "--migration", DIR + "vmim.yaml",
            "--kubevirt-version", "v1.9",
            "-o", "json");
    assertEquals(0, r.code(), r.err());
    JsonNode targets = JSON.readTree(r.out()).path("targets");
    assertEquals("[\"node-a\"]", targets.path("feasible").toString());
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("node-src", "source ");
    expected.put("node-a", "fits");
    expected.put("node-b", "cordoned ");
    expected.put("node-c", "taint dedicated=gpu:NoSchedule");
    expected.put("node-d", "label cpu-model-migration.node.kubevirt.io/Cascadelake-Server");
    expected.put("node-e", "label zone");
    assertEquals(expected, reasons(targets));
    for (JsonNode n : targets.path("nodes")) {
      assertTrue(n.has("reason"), n.toString());
      assertEquals(n.path("fits").asBoolean(), n.path("reason").isNull(), n.toString());
    }
    assertTrue(targets.path("nodes").get(0).path("reason").asText().contains("source"));
    List<String> notJudged =
        JSON.convertValue(targets.path("notJudged").findValuesAsText("id"), List.class);
    assertTrue(
        notJudged.containsAll(List.of("resources", "volumes", "devices")), notJudged.toString());
    assertEquals(
        "true",
        targets
            .path("nodeSelector")
            .path("cpu-model-migration.node.kubevirt.io/Cascadelake-Server")
            .asText(),
        "the source pod's host-model label is the target's: " + targets.path("nodeSelector"));
    // No policies were given: the policy part says so and nothing else fails.
    assertEquals(0, JSON.readTree(r.out()).path("policies").size());
  }

  @Test
  void withoutTheSourcePodTheSourceNodesHostModelLabelIsUsed() throws Exception {
    ExplainTest.Run r =
        explain("--vmi", DIR + "vmi.yaml", "--nodes", DIR + "nodes.yaml", "-o", "json");
    assertEquals(0, r.code(), r.err());
    JsonNode targets = JSON.readTree(r.out()).path("targets");
    // host-model-cpu.node.kubevirt.io/Cascadelake-Server on node-src; no addedNodeSelector.
    assertEquals("[\"node-a\",\"node-e\"]", targets.path("feasible").toString());
    assertTrue(targets.path("notes").toString().contains("source pod was not given"));
  }

  @Test
  void theKubeVirtCrAsKubectlListsItAddsItsNodeSelectorsAndRelease() throws Exception {
    ExplainTest.Run r =
        explain(
            "--vmi", DIR + "vmi.yaml",
            "--nodes", DIR + "nodes.yaml",
            "--source-pod", DIR + "pod.yaml",
            "--kubevirt", DIR + "kubevirt-list.yaml",
            "-o", "json");
    assertEquals(0, r.code(), r.err());
    JsonNode o = JSON.readTree(r.out());
    assertEquals("v1.8", o.path("release").asText());
    JsonNode targets = o.path("targets");
    assertEquals("[]", targets.path("feasible").toString());
    assertTrue(targets.path("summary").asText().contains("lack pool=vms"), targets.toString());
  }

  @Test
  void textListsTheFeasibleNodesThenTheOthersByReason() {
    ExplainTest.Run r =
        explain(
            "--vmi", DIR + "vmi.yaml",
            "--nodes", DIR + "nodes.yaml",
            "--source-pod", DIR + "pod.yaml",
            "--migration", DIR + "vmim.yaml");
    assertEquals(0, r.code(), r.err());
    String out = r.out();
    int view = out.indexOf("Target nodes (v1.9): 1 of 6 nodes can take db-0: node-a");
    assertTrue(view >= 0, out);
    int feasible = out.indexOf("can take it (1): node-a", view);
    int cordoned = out.indexOf("1 node is cordoned", view);
    int taint = out.indexOf("1 node has taint dedicated=gpu:NoSchedule", view);
    assertTrue(feasible > view && cordoned > feasible && taint > feasible, out);
  }

  @Test
  void refusesWhatCannotBeJudged() throws Exception {
    for (String[] args :
        List.of(
            new String[] {"--vmi", DIR + "vmi.yaml", "--source-pod", DIR + "pod.yaml"},
            new String[] {"--vmi", DIR + "vmi.yaml", "--nodes", DIR + "pod.yaml"},
            new String[] {
              "--vmi",
              DIR + "vmi.yaml",
              "--nodes",
              DIR + "nodes.yaml",
              "--migration",
              DIR + "pod.yaml"
            },
            new String[] {"vmi", "db-0", "--nodes", DIR + "nodes.yaml"},
            new String[] {"drain"},
            new String[] {"drain", "node-a", "--vmi", DIR + "vmi.yaml"})) {
      ExplainTest.Run r = explain(args);
      assertEquals(2, r.code(), String.join(" ", args) + ": " + r.out());
      assertEquals("", r.out(), String.join(" ", args));
    }
  }
}
