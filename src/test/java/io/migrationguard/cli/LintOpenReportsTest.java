package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code -o openreports} against the OpenReports CRDs ({@code schemas-external/}): every document
 * is a Report or ClusterReport their openAPIV3Schema accepts, with no field the schema does not
 * declare (the API server would prune it), and the results say what the text report says.
 */
class LintOpenReportsTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

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
    docs.forEach(OpenReportsSchema::assertAccepted);
    return docs;
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
