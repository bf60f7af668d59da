package io.migrationguard.core.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code explain} as data: every case of {@code src/test/resources/explain/*.yaml} (KubeVirt's own
 * matching and configuration tests, and cases derived from its code) is a VMI, its namespace's
 * labels, the KubeVirt CR's migration settings and a set of policies, with KubeVirt's answer: the
 * policy chosen, each policy's scores or failure, the configuration fields with their origins.
 */
class ExplainCasesTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final Path DIR = Path.of("src/test/resources/explain");

  @TestFactory
  Stream<DynamicTest> cases() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    try (Stream<Path> files = Files.list(DIR)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        for (JsonNode c : YAML.readTree(f.toFile())) {
          tests.add(
              DynamicTest.dynamicTest(
                  f.getFileName() + ": " + c.path("name").asText(), () -> check(c)));
        }
      }
    }
    assertTrue(tests.size() >= 30, "the corpus shrank: " + tests.size());
    return tests.stream();
  }

  private static void check(JsonNode c) throws Exception {
    Explanation e = explain(c);
    JsonNode expect = c.path("expect");
    PolicyMatch chosen = e.choice().chosen();
    JsonNode want = expect.path("chosen");
    assertEquals(
        want.isNull() ? null : want.asText(),
        chosen == null ? null : chosen.policy().name(),
        "chosen policy");
    if (expect.has("tied")) {
      List<String> tied = new ArrayList<>();
      expect.path("tied").forEach(t -> tied.add(t.asText()));
      assertEquals(tied, e.choice().tied(), "tied");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("scores").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> s = it.next();
      PolicyMatch m = find(e, s.getKey());
      if (s.getValue().isArray()) {
        assertTrue(m.matches(), s.getKey() + " should match: " + m.failure());
        assertEquals(s.getValue().get(0).asInt(), m.vmiLabels(), s.getKey() + " VMI labels");
        assertEquals(s.getValue().get(1).asInt(), m.namespaceLabels(), s.getKey() + " ns labels");
      } else {
        assertTrue(!m.matches(), s.getKey() + " should not match");
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("failure").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      assertEquals(f.getValue().asText(), find(e, f.getKey()).failure(), f.getKey() + " failure");
    }
    for (JsonNode name : expect.path("targetNodeDependent")) {
      assertTrue(find(e, name.asText()).onTargetNode(), name + " depends on the target node");
    }
    if (expect.has("policyNameRecorded")) {
      assertEquals(
          expect.get("policyNameRecorded").asBoolean(),
          e.config().policyNameRecorded(),
          "policyNameRecorded");
    }
    if (expect.has("pruned")) {
      List<String> pruned = new ArrayList<>();
      expect.path("pruned").forEach(t -> pruned.add(t.asText()));
      assertEquals(pruned, e.config().pruned(), "pruned");
    }
    if (expect.has("experimental")) {
      assertEquals(expect.get("experimental"), e.config().experimental(), "experimental");
    }
    for (JsonNode name : expect.path("absent")) {
      assertTrue(
          e.config().settings().stream().noneMatch(s -> s.field().equals(name.asText())),
          name + " is not a field of " + e.release().name());
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("config").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      Setting s =
          e.config().settings().stream()
              .filter(x -> x.field().equals(f.getKey()))
              .findFirst()
              .orElse(null);
      assertNotNull(s, f.getKey() + " missing");
      JsonNode value = f.getValue().get(0);
      assertEquals(
          value.isNull() ? null : value.asText(),
          s.value() == null ? null : s.value().asText(),
          f.getKey() + " value");
      assertEquals(f.getValue().get(1).asText(), s.origin().id(), f.getKey() + " origin");
    }
    assertTrue(e.config().problems().isEmpty(), e.config().problems().toString());
  }

  private static PolicyMatch find(Explanation e, String name) {
    return e.choice().matches().stream()
        .filter(m -> m.policy().name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no policy " + name));
  }

  /** The case's objects as the API server would store them, through {@link Subjects}. */
  static Explanation explain(JsonNode c) throws Subjects.Unreadable {
    String ns = c.path("namespace").asText("default");
    ObjectNode vmi = JSON.objectNode();
    vmi.putObject("metadata").set("labels", c.path("vmi").path("labels"));
    String target = c.hasNonNull("targetNode") ? c.get("targetNode").asText() : null;
    Map<String, String> nsLabels =
        Subjects.namespaceLabels(
            ns, Subjects.labels(c.path("namespaceLabels"), "case", "namespaceLabels"));
    List<Candidate> policies = new ArrayList<>();
    for (JsonNode p : c.path("policies")) {
      ObjectNode policy = JSON.objectNode();
      policy.putObject("metadata").put("name", p.path("name").asText());
      ObjectNode spec = p.has("spec") ? ((ObjectNode) p.get("spec")).deepCopy() : JSON.objectNode();
      String selectors = p.path("selectors").asText("");
      if (!selectors.equals("none")) {
        ObjectNode sel = spec.putObject("selectors");
        if (p.has("vmi")) {
          sel.set("virtualMachineInstanceSelector", p.get("vmi"));
        }
        if (p.has("namespace")) {
          sel.set("namespaceSelector", p.get("namespace"));
        }
      }
      policy.set("spec", spec);
      policies.add(Subjects.policy(policy, "case"));
    }
    return Explanation.of(
        ReleaseChoice.of(c.path("release").asText("v1.9")).release(),
        ns,
        "testvmi",
        Subjects.vmiLabels(vmi, target, "case"),
        nsLabels,
        policies,
        c.get("kubevirt"));
  }

  @Test
  void theTieBreakIsIndependentOfOrder() throws Exception {
    // KubeVirt lists policies from an informer cache in no set order; the answer must not move.
    JsonNode c =
        YAML.readTree(
            "{vmi: {labels: {a: '1', b: '1'}}, policies: [{name: m, vmi: {a: '1'}}, {name: c,"
                + " vmi: {b: '1'}}, {name: x, vmi: {a: '1'}}, {name: d, vmi: {}}]}");
    assertEquals("c", explain(c).choice().chosen().policy().name());
    ((com.fasterxml.jackson.databind.node.ArrayNode) c.get("policies"))
        .insert(0, ((com.fasterxml.jackson.databind.node.ArrayNode) c.get("policies")).remove(1));
    assertEquals("c", explain(c).choice().chosen().policy().name());
  }
}
