package io.migrationguard.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.migrationguard.core.release.ReleaseChoice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The engine as data: every case of {@code src/test/resources/placement/cases/*.yaml} (derived from
 * KubeVirt's code and tests at the tag each names, and Kubernetes' scheduler filters) is a VMI,
 * optional source pod, Nodes as a {@code List}, optional migration and KubeVirt CR, and the
 * release; it expects the feasible set exactly and each refused node's reason kind (and key).
 *
 * <p>A file is {@code {defaults: {...}, cases: [...]}}: a case's {@code vmi}, {@code sourcePod},
 * {@code migration} and {@code kubevirt} are deep-merged onto the defaults' (objects merged, a null
 * removes), {@code nodes} and {@code release} replace them.
 */
class PlacementCasesTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path DIR = Path.of("src/test/resources/placement/cases");
  private static final List<String> MERGED = List.of("vmi", "sourcePod", "migration", "kubevirt");

  @TestFactory
  Stream<DynamicTest> cases() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    try (Stream<Path> files = Files.list(DIR)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        JsonNode file = YAML.readTree(f.toFile());
        JsonNode defaults = file.path("defaults");
        for (JsonNode c : file.path("cases")) {
          JsonNode merged = merge(defaults, c);
          tests.add(
              DynamicTest.dynamicTest(
                  f.getFileName() + ": " + c.path("name").asText(), () -> check(merged)));
        }
      }
    }
    assertTrue(tests.size() >= 40, "the corpus shrank: " + tests.size());
    return tests.stream();
  }

  static JsonNode merge(JsonNode defaults, JsonNode c) {
    ObjectNode out =
        defaults.isObject() ? ((ObjectNode) defaults).deepCopy() : YAML.createObjectNode();
    for (Iterator<Map.Entry<String, JsonNode>> it = c.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (MERGED.contains(e.getKey())
          && out.path(e.getKey()).isObject()
          && e.getValue().isObject()) {
        out.set(e.getKey(), deepMerge((ObjectNode) out.get(e.getKey()), e.getValue()));
      } else {
        out.set(e.getKey(), e.getValue().deepCopy());
      }
    }
    return out;
  }

  private static ObjectNode deepMerge(ObjectNode base, JsonNode over) {
    for (Iterator<Map.Entry<String, JsonNode>> it = over.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode have = base.get(e.getKey());
      if (e.getValue().isNull()) {
        base.remove(e.getKey());
      } else if (have != null && have.isObject() && e.getValue().isObject()) {
        deepMerge((ObjectNode) have, e.getValue());
      } else {
        base.set(e.getKey(), e.getValue().deepCopy());
      }
    }
    return base;
  }

  static Placement run(JsonNode c) {
    PlacementInput in =
        new PlacementInput(
            c.get("vmi"),
            object(c, "sourcePod"),
            object(c, "migration"),
            object(c, "kubevirt"),
            ReleaseChoice.of(c.path("release").asText("v1.9")).release());
    List<NodeFacts> nodes = NodeFacts.listOf(c.path("nodes"));
    Placement p = Feasibility.judge(in, nodes);
    // The webhook's shortcut must answer as the full judgement does.
    org.junit.jupiter.api.Assertions.assertEquals(
        p.anyFeasible(), Feasibility.anyFeasible(in, nodes), "anyFeasible");
    return p;
  }

  private static JsonNode object(JsonNode c, String field) {
    JsonNode n = c.get(field);
    return n == null || n.isNull() ? null : n;
  }

  private static void check(JsonNode c) {
    Placement p = run(c);
    JsonNode expect = c.path("expect");
    List<String> feasible = new ArrayList<>();
    expect.path("feasible").forEach(n -> feasible.add(n.asText()));
    assertEquals(feasible, p.feasible(), "feasible; verdicts: " + p.nodes());
    Map<String, NodeVerdict> byName = new TreeMap<>();
    p.nodes().forEach(v -> byName.put(v.name(), v));
    for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("refused").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      NodeVerdict v = byName.get(e.getKey());
      assertNotNull(v, "no verdict for " + e.getKey());
      assertTrue(!v.fits(), e.getKey() + " should be refused");
      JsonNode want = e.getValue();
      String kind = want.isTextual() ? want.asText() : want.path("kind").asText();
      assertEquals(kind, v.reason().kind().id(), e.getKey() + ": " + v.reason().text());
      if (want.has("key")) {
        assertEquals(
            want.get("key").asText(), v.reason().key(), e.getKey() + ": " + v.reason().text());
      }
      if (want.has("want")) {
        assertEquals(want.get("want").asText(), v.reason().want(), e.getKey() + " wanted value");
      }
    }
    // Every node is either feasible or listed as refused: the expectations are complete.
    assertEquals(
        p.nodes().size(),
        feasible.size() + expect.path("refused").size(),
        "a node has no expectation: " + p.nodes());
    if (expect.has("selector")) {
      Map<String, String> selector = new TreeMap<>();
      expect
          .get("selector")
          .fields()
          .forEachRemaining(e -> selector.put(e.getKey(), e.getValue().asText()));
      assertEquals(selector, p.targetPod().nodeSelector(), "rendered nodeSelector");
    }
    for (JsonNode key : expect.path("selectorHas")) {
      assertTrue(p.targetPod().nodeSelector().containsKey(key.asText()), "selector lacks " + key);
    }
    for (JsonNode key : expect.path("selectorLacks")) {
      assertTrue(!p.targetPod().nodeSelector().containsKey(key.asText()), "selector has " + key);
    }
    if (expect.has("summary")) {
      assertEquals(expect.get("summary").asText(), p.summary(), "summary");
    }
  }
}
