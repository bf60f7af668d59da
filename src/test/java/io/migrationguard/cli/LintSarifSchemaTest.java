package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SARIF output against the OASIS SARIF 2.1.0 schema ({@code schemas-external/}) and what GitHub
 * code scanning needs besides: rule metadata, URIs relative to the repository root under {@code
 * %SRCROOT%}, stable fingerprints.
 */
class LintSarifSchemaTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final String MIXED = LintHarness.DIR + "mixed";
  private static final String SRCROOT = "%SRCROOT%";
  private static final String FINGERPRINT = "migrationGuard/v1";
  private static Schema schema;

  @BeforeAll
  static void compileTheSchema() {
    // Draft-04 is the dialect the OASIS file declares; formats (uri, uri-reference) asserted.
    SchemaRegistry registry =
        SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_4,
            b ->
                b.schemaRegistryConfig(
                    SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
    schema =
        registry.getSchema(SchemaLocation.of("classpath:schemas-external/sarif-schema-2.1.0.json"));
    schema.initializeValidators();
  }

  private static List<String> errors(JsonNode sarif) {
    List<String> out = new ArrayList<>();
    for (Error e : schema.validate(sarif)) {
      out.add(e.toString());
    }
    return out;
  }

  private static JsonNode sarif(String... args) throws IOException {
    LintHarness.Result r = LintHarness.run(args);
    JsonNode sarif = M.readTree(r.out());
    assertEquals(List.of(), errors(sarif), r.out());
    return sarif;
  }

  /** The repository root as GitHub sees it: nearest ancestor of the working directory with .git. */
  private static Path root() {
    Path cwd = Path.of("").toAbsolutePath().normalize();
    for (Path p = cwd; p != null; p = p.getParent()) {
      if (Files.exists(p.resolve(".git"))) {
        return p;
      }
    }
    return cwd;
  }

  @Test
  void mixedRunIsValidSarif() throws Exception {
    JsonNode sarif = sarif("-o", "sarif", MIXED);
    assertTrue(sarif.at("/runs/0/results").size() > 5);
  }

  @Test
  void stdinRunIsValidSarifWithAUriOfItsOwn() throws Exception {
    String yaml = Files.readString(Path.of(MIXED, "migrations.yaml"));
    LintHarness.Result r = LintHarness.runWithStdin(yaml, "-o", "sarif", "-");
    JsonNode sarif = M.readTree(r.out());
    assertEquals(List.of(), errors(sarif), r.out());
    JsonNode results = sarif.at("/runs/0/results");
    assertTrue(results.size() > 2);
    for (JsonNode res : results) {
      JsonNode artifact = res.at("/locations/0/physicalLocation/artifactLocation");
      assertEquals("stdin", artifact.get("uri").asText());
      // Not a file under the root: no base id GitHub would resolve it against.
      assertNull(artifact.get("uriBaseId"));
      assertFalse(res.at("/partialFingerprints/" + escape(FINGERPRINT)).asText().isEmpty());
    }
  }

  @Test
  void cleanRunWithoutResultsIsValidSarif() throws Exception {
    assertEquals(0, sarif("-o", "sarif", LintHarness.DIR + "clean").at("/runs/0/results").size());
  }

  @Test
  void theValidatorRejectsWhatTheSchemaForbids() throws Exception {
    String valid = LintHarness.run("-o", "sarif", MIXED).out();
    ObjectNode badLevel = (ObjectNode) M.readTree(valid);
    ((ObjectNode) badLevel.at("/runs/0/results/0")).put("level", "fatal");
    ObjectNode noMessage = (ObjectNode) M.readTree(valid);
    ((ObjectNode) noMessage.at("/runs/0/results/0/message")).remove("text");
    ObjectNode badUri = (ObjectNode) M.readTree(valid);
    ((ObjectNode) badUri.at("/runs/0/tool/driver")).put("informationUri", "not a uri");
    ObjectNode badLine = (ObjectNode) M.readTree(valid);
    ((ObjectNode) badLine.at("/runs/0/results/0/locations/0/physicalLocation/region"))
        .put("startLine", 0);
    for (JsonNode bad : List.of(badLevel, noMessage, badUri, badLine)) {
      assertFalse(errors(bad).isEmpty());
    }
  }

  @Test
  void everyRuleCarriesDescriptionsHelpAndItsDocumentationAnchor() throws Exception {
    JsonNode driver = sarif("-o", "sarif", MIXED).at("/runs/0/tool/driver");
    Properties build = new Properties();
    try (InputStream in = getClass().getResourceAsStream("/migration-guard-build.properties")) {
      build.load(in);
    }
    assertEquals(build.getProperty("home"), driver.get("informationUri").asText());
    assertTrue(driver.get("informationUri").asText().startsWith("https://"));
    assertFalse(driver.get("version").asText().isEmpty());
    String rulesDoc = build.getProperty("rules-doc");
    assertTrue(rulesDoc.startsWith(build.getProperty("home")), rulesDoc);
    assertTrue(driver.get("rules").size() > 20);
    for (JsonNode rule : driver.get("rules")) {
      String id = rule.get("id").asText();
      String description = rule.at("/shortDescription/text").asText();
      assertFalse(description.isEmpty(), id);
      String full = rule.at("/fullDescription/text").asText();
      assertTrue(full.startsWith(description) && full.length() > description.length() + 5, id);
      assertTrue(rule.at("/help/text").asText().contains(description), id);
      assertTrue(rule.at("/help/text").asText().contains("How to fix: "), id);
      assertTrue(rule.at("/help/markdown").asText().contains("**How to fix:**"), id);
      assertEquals(rulesDoc + "#" + id, rule.get("helpUri").asText());
      assertTrue(rule.at("/help/markdown").asText().contains("](" + rulesDoc + "#" + id + ")"));
      assertTrue(
          Set.of("error", "warning").contains(rule.at("/defaultConfiguration/level").asText()));
    }
  }

  @Test
  void locationsAreRelativeToTheRepositoryRootUnderSrcroot() throws Exception {
    JsonNode run = sarif("-o", "sarif", MIXED).at("/runs/0");
    Path root = root();
    String rootUri = run.at("/originalUriBaseIds/" + escape(SRCROOT) + "/uri").asText();
    assertTrue(rootUri.startsWith("file:///") && rootUri.endsWith("/"), rootUri);
    assertEquals(root, Path.of(URI.create(rootUri)).normalize());
    assertEquals("unicodeCodePoints", run.get("columnKind").asText());
    Path cwd = Path.of("").toAbsolutePath().normalize();
    for (JsonNode res : run.get("results")) {
      JsonNode artifact = res.at("/locations/0/physicalLocation/artifactLocation");
      assertEquals(SRCROOT, artifact.get("uriBaseId").asText());
      String uri = artifact.get("uri").asText();
      assertFalse(uri.startsWith("/") || uri.startsWith("./") || uri.contains(":"), uri);
      for (String segment : uri.split("/")) {
        assertFalse(segment.equals("..") || segment.equals(".") || segment.isEmpty(), uri);
      }
      Path file = root.resolve(URLDecoder.decode(uri, StandardCharsets.UTF_8));
      assertTrue(Files.isRegularFile(file), uri);
      // Relative to the root, not to the working directory (they differ in a module checkout).
      String dir = root.relativize(cwd.resolve(MIXED).normalize()).toString().replace('\\', '/');
      assertTrue(uri.startsWith(dir + "/"), uri);
    }
  }

  @Test
  void pathsGivenWithDotSegmentsGiveTheSameUrisAndFingerprints() throws Exception {
    JsonNode plain = sarif("-o", "sarif", MIXED).at("/runs/0/results");
    JsonNode dotted =
        sarif("-o", "sarif", "./" + LintHarness.DIR + "../lint/./mixed/").at("/runs/0/results");
    JsonNode absolute =
        sarif("-o", "sarif", Path.of(MIXED).toAbsolutePath().toString()).at("/runs/0/results");
    assertEquals(plain.size(), dotted.size());
    for (int i = 0; i < plain.size(); i++) {
      for (JsonNode other : List.of(dotted.get(i), absolute.get(i))) {
        assertEquals(
            plain.get(i).at("/locations/0/physicalLocation/artifactLocation"),
            other.at("/locations/0/physicalLocation/artifactLocation"));
        assertEquals(plain.get(i).get("partialFingerprints"), other.get("partialFingerprints"));
      }
    }
  }

  @Test
  void fingerprintsAreUniqueAndSurviveLinesMoving(@TempDir Path tmp) throws Exception {
    Path file = tmp.resolve("migrations.yaml");
    String yaml = Files.readString(Path.of(MIXED, "migrations.yaml"));
    Files.writeString(file, yaml);
    JsonNode before = sarif("-o", "sarif", file.toString()).at("/runs/0/results");
    Files.writeString(file, "# a comment\n\n# moved down three lines\n" + yaml);
    JsonNode after = sarif("-o", "sarif", file.toString()).at("/runs/0/results");
    assertEquals(before.size(), after.size());
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < before.size(); i++) {
      String fp = before.get(i).at("/partialFingerprints/" + escape(FINGERPRINT)).asText();
      assertTrue(fp.matches("[0-9a-f]{64}"), fp);
      assertTrue(seen.add(fp), "unique: " + before.get(i));
      assertEquals(fp, after.get(i).at("/partialFingerprints/" + escape(FINGERPRINT)).asText());
      assertEquals(
          before.get(i).at("/locations/0/physicalLocation/region/startLine").intValue() + 3,
          after.get(i).at("/locations/0/physicalLocation/region/startLine").intValue());
    }
  }

  @Test
  void aFileOutsideTheRootKeepsAnAbsoluteFileUri(@TempDir Path tmp) throws Exception {
    Path file = tmp.resolve("a b.yaml");
    Files.writeString(file, Files.readString(Path.of(MIXED, "migrations.yaml")));
    JsonNode results = sarif("-o", "sarif", file.toString()).at("/runs/0/results");
    Path root = root();
    for (JsonNode res : results) {
      JsonNode artifact = res.at("/locations/0/physicalLocation/artifactLocation");
      String uri = artifact.get("uri").asText();
      if (file.toAbsolutePath().normalize().startsWith(root)) {
        assertEquals(SRCROOT, artifact.get("uriBaseId").asText()); // a temp dir in the checkout
      } else {
        assertTrue(uri.startsWith("file:///") && uri.endsWith("/a%20b.yaml"), uri);
        assertNull(artifact.get("uriBaseId"));
        assertEquals(file.toRealPath(), Path.of(URI.create(uri)).toRealPath());
      }
    }
    assertNotEquals(0, results.size());
  }

  /** A JSON pointer token: {@code /} and {@code ~} escaped. */
  private static String escape(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }
}
