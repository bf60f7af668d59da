package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code -o openreports} against the OpenReports CRDs ({@code schemas-external/}): every document
 * is a Report or ClusterReport their openAPIV3Schema accepts, with no field the schema does not
 * declare (the API server would prune it), and the results say what the text report says.
 */
class LintOpenReportsTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Map<String, JsonNode> OPEN_API = new HashMap<>();
  private static final Map<String, Schema> SCHEMAS = new HashMap<>();

  @BeforeAll
  static void compileTheCrdSchemas() throws Exception {
    SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4);
    for (String[] crd :
        new String[][] {
          {"Report", "openreports.io_reports.yaml"},
          {"ClusterReport", "openreports.io_clusterreports.yaml"}
        }) {
      try (InputStream in =
          LintOpenReportsTest.class.getResourceAsStream("/schemas-external/" + crd[1])) {
        JsonNode openApi = YAML.readTree(in).at("/spec/versions/0/schema/openAPIV3Schema");
        OPEN_API.put(crd[0], openApi);
        SCHEMAS.put(crd[0], registry.getSchema(openApi));
      }
    }
  }

  private static List<JsonNode> reports(String... args) throws Exception {
    LintHarness.Result r = LintHarness.run(args);
    List<JsonNode> docs = new ArrayList<>();
    try (var it = YAML.readerFor(JsonNode.class).<JsonNode>readValues(r.out())) {
      while (it.hasNext()) {
        JsonNode d = it.next();
        if (d != null && !d.isNull() && !d.isMissingNode()) {
          docs.add(d);
        }
      }
    }
    for (JsonNode d : docs) {
      String kind = d.path("kind").asText();
      assertEquals("openreports.io/v1alpha1", d.path("apiVersion").asText());
      List<String> errors = new ArrayList<>();
      for (Error e : SCHEMAS.get(kind).validate(d)) {
        errors.add(e.toString());
      }
      assertEquals(List.of(), errors, kind + ": " + d);
      undeclared(OPEN_API.get(kind), d, kind, errors);
      assertEquals(List.of(), errors, "fields the CRD does not declare");
    }
    return docs;
  }

  // Structural schemas prune what they do not declare: our output must not rely on such fields.
  private static void undeclared(JsonNode schema, JsonNode value, String at, List<String> out) {
    if (value.isObject()) {
      JsonNode props = schema.path("properties");
      JsonNode additional = schema.path("additionalProperties");
      for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (props.has(e.getKey())) {
          undeclared(props.get(e.getKey()), e.getValue(), at + "." + e.getKey(), out);
        } else if (additional.isObject()) {
          undeclared(additional, e.getValue(), at + "." + e.getKey(), out);
        } else if (!schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)
            && !at.endsWith(".metadata")) {
          out.add(at + "." + e.getKey());
        }
      }
    } else if (value.isArray()) {
      for (JsonNode v : value) {
        undeclared(schema.path("items"), v, at + "[]", out);
      }
    }
  }

  @Test
  void theMixedCorpusBecomesReportsTheCrdsAccept() throws Exception {
    List<JsonNode> docs = reports("-o", "openreports", LintHarness.DIR + "mixed");
    JsonNode cluster = docs.get(0);
    assertEquals("ClusterReport", cluster.path("kind").asText());
    assertEquals("migration-guard", cluster.path("source").asText());
    List<String> namespaces = new ArrayList<>();
    for (JsonNode d : docs.subList(1, docs.size())) {
      assertEquals("Report", d.path("kind").asText());
      namespaces.add(d.at("/metadata/namespace").asText());
      for (JsonNode res : d.path("results")) {
        assertEquals(
            d.at("/metadata/namespace").asText(),
            res.at("/resources/0/namespace").asText(""),
            "a migration's result is in its namespace's report");
      }
    }
    assertTrue(namespaces.contains("prod"), namespaces.toString());
    // The text report's findings, one result each.
    LintHarness.Result text = LintHarness.run(LintHarness.DIR + "mixed");
    long findings =
        text.out().lines().filter(l -> l.matches(".*:\\d+:\\d+: (error|warning) \\[.*")).count();
    long results = docs.stream().mapToLong(d -> d.path("results").size()).sum();
    assertEquals(findings, results, text.out());
    boolean priority = false;
    for (JsonNode d : docs) {
      for (JsonNode res : d.path("results")) {
        assertTrue(List.of("fail", "warn", "error").contains(res.path("result").asText()));
        priority |=
            res.path("rule").asText().equals("vmim-priority-enum")
                && res.path("result").asText().equals("fail")
                && res.at("/resources/0/name").asText().equals("urgent");
      }
    }
    assertTrue(priority, "the priority finding of migration urgent is a fail result");
  }

  @Test
  void aCleanSetHasPassCountsAndNoResults() throws Exception {
    List<JsonNode> docs = reports("-o", "openreports", LintHarness.DIR + "clean");
    long pass = docs.stream().mapToLong(d -> d.at("/summary/pass").asLong()).sum();
    assertTrue(pass > 0, docs.toString());
    assertEquals(0, docs.stream().mapToLong(d -> d.path("results").size()).sum());
  }
}
