package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The machine formats parse and agree with each other and with the text output. */
class LintFormatsTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final String MIXED = LintHarness.DIR + "mixed";
  private static final Pattern SUMMARY =
      Pattern.compile(
          "Summary: (\\d+) resources? found in (\\d+) files? - Valid: (\\d+), Invalid: (\\d+),"
              + " Errors: (\\d+), Skipped: (\\d+)");
  private static final Pattern TEXT_LINE =
      Pattern.compile("^(.+):(\\d+):(\\d+): (error|warning) \\[([a-z0-9-]+)\\] (\\S+): (.+)$");

  @Test
  void jsonAgreesWithTheTextSummary() throws Exception {
    JsonNode json = M.readTree(LintHarness.run("-o", "json", MIXED).out());
    Matcher m = SUMMARY.matcher(LintHarness.run(MIXED).out());
    assertTrue(m.find());
    JsonNode s = json.get("summary");
    assertEquals(Integer.parseInt(m.group(1)), s.get("resources").intValue());
    assertEquals(Integer.parseInt(m.group(2)), s.get("files").intValue());
    assertEquals(Integer.parseInt(m.group(3)), s.get("valid").intValue());
    assertEquals(Integer.parseInt(m.group(4)), s.get("invalid").intValue());
    assertEquals(Integer.parseInt(m.group(5)), s.get("errors").intValue());
    assertEquals(Integer.parseInt(m.group(6)), s.get("skipped").intValue());
    assertEquals(s.get("resources").intValue(), json.get("resources").size());
    for (JsonNode r : json.get("resources")) {
      assertTrue(r.get("line").intValue() >= 1);
      assertTrue(Set.of("valid", "invalid", "error", "skipped").contains(r.get("status").asText()));
      for (JsonNode f : r.get("findings")) {
        assertTrue(f.get("line").intValue() >= 1 && f.get("column").intValue() >= 1);
        assertTrue(Set.of("error", "warning").contains(f.get("severity").asText()));
      }
      boolean hasError = false;
      for (JsonNode f : r.get("findings")) {
        hasError |= f.get("severity").asText().equals("error");
      }
      String status = r.get("status").asText();
      assertEquals(hasError, status.equals("invalid") || status.equals("error"), r.toString());
    }
  }

  @Test
  void everyTextFindingLineHasTheDocumentedShape() {
    String out = LintHarness.run(MIXED).out();
    int findings = 0;
    for (String line : out.split("\n")) {
      if (line.startsWith("Summary: ") || line.startsWith("Not checked offline")) {
        continue;
      }
      if (line.startsWith("    fix: ")) {
        assertTrue(line.endsWith("."), line); // the hint under a finding: one sentence
        continue;
      }
      assertTrue(TEXT_LINE.matcher(line).matches(), line);
      findings++;
    }
    assertTrue(findings > 5);
  }

  @Test
  void sarifIsVersion210WithOneRulePerIdAndRealLocations() throws Exception {
    JsonNode sarif = M.readTree(LintHarness.run("-o", "sarif", MIXED).out());
    assertEquals("2.1.0", sarif.get("version").asText());
    JsonNode run = sarif.get("runs").get(0);
    JsonNode rules = run.at("/tool/driver/rules");
    Set<String> ids = new HashSet<>();
    for (JsonNode r : rules) {
      assertTrue(ids.add(r.get("id").asText()), "one rule per id: " + r.get("id"));
      assertFalse(r.at("/shortDescription/text").asText().isEmpty());
    }
    JsonNode results = run.get("results");
    JsonNode json = M.readTree(LintHarness.run("-o", "json", MIXED).out());
    int findings = 0;
    for (JsonNode r : json.get("resources")) {
      findings += r.get("findings").size();
    }
    assertEquals(findings, results.size());
    for (JsonNode res : results) {
      String id = res.get("ruleId").asText();
      assertEquals(id, rules.get(res.get("ruleIndex").intValue()).get("id").asText());
      assertTrue(Set.of("error", "warning").contains(res.get("level").asText()));
      JsonNode region = res.at("/locations/0/physicalLocation/region");
      assertTrue(region.get("startLine").intValue() >= 1);
      assertTrue(region.get("startColumn").intValue() >= 1);
      // Relative to the source root the run names (the repository root).
      String uri = res.at("/locations/0/physicalLocation/artifactLocation/uri").asText();
      String base = run.at("/originalUriBaseIds/%SRCROOT%/uri").asText();
      assertTrue(Files.exists(Path.of(URI.create(base).resolve(uri))), uri);
    }
  }

  @Test
  void junitHasOneTestcasePerResource() throws Exception {
    String xml = LintHarness.run("-o", "junit", MIXED).out();
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    Element root = doc.getDocumentElement();
    assertEquals("testsuites", root.getTagName());
    JsonNode summary = M.readTree(LintHarness.run("-o", "json", MIXED).out()).get("summary");
    NodeList cases = doc.getElementsByTagName("testcase");
    assertEquals(summary.get("resources").intValue(), cases.getLength());
    assertEquals(summary.get("resources").asText(), root.getAttribute("tests"));
    assertEquals(
        summary.get("invalid").intValue(), doc.getElementsByTagName("failure").getLength());
    assertEquals(summary.get("errors").intValue(), doc.getElementsByTagName("error").getLength());
    assertEquals(
        summary.get("skipped").intValue(), doc.getElementsByTagName("skipped").getLength());
  }

  @Test
  void githubLinesAreWorkflowCommands() {
    for (String line : LintHarness.run("-o", "github", MIXED).out().split("\n")) {
      assertTrue(
          line.matches("::(error|warning) file=[^,]+,line=\\d+,col=\\d+,title=[a-z0-9-]+::.+"),
          line);
    }
  }

  @Test
  void severalFormatsInOneRun(@TempDir Path tmp) throws Exception {
    Path json = tmp.resolve("r.json");
    Path sarif = tmp.resolve("r.sarif");
    LintHarness.Result r =
        LintHarness.run("-o", "json=" + json, "-o", "sarif=" + sarif, "-o", "text", MIXED);
    assertEquals(LintHarness.run(MIXED).out(), r.out());
    assertEquals(LintHarness.run("-o", "json", MIXED).out(), Files.readString(json));
    assertEquals(LintHarness.run("-o", "sarif", MIXED).out(), Files.readString(sarif));
  }
}
