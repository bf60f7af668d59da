package io.migrationguard.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SARIF driver and rule descriptors, and the build-time links they come from. */
class SarifReportTest {
  private static final RuleDoc RULE =
      new RuleDoc(
          "vmim-example",
          List.of("VirtualMachineInstanceMigration"),
          "error",
          "The spec.vmiName is a *name* <here>.",
          "Write [a] name.");

  private static JsonNode driver(String version, BuildInfo build, Path cwd) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    SarifReport report =
        new SarifReport(out, new ReportContext(version, List.of(RULE), false, build, cwd));
    report.finish(new Summary(0, 0, 0, 0, 0, 0, 0, List.of(), 0, null));
    return new ObjectMapper()
        .readTree(bytes.toString(StandardCharsets.UTF_8))
        .at("/runs/0/tool/driver");
  }

  @Test
  void semanticVersionOnlyForASemVer(@TempDir Path cwd) throws Exception {
    JsonNode release = driver("1.4.0-SNAPSHOT", BuildInfo.DEFAULTS, cwd);
    assertEquals("1.4.0-SNAPSHOT", release.get("version").asText());
    assertEquals("1.4.0-SNAPSHOT", release.get("semanticVersion").asText());
    JsonNode dev = driver("dev", BuildInfo.DEFAULTS, cwd);
    assertEquals("dev", dev.get("version").asText());
    assertFalse(dev.has("semanticVersion"));
  }

  @Test
  void ruleLinksComeFromTheBuild(@TempDir Path cwd) throws Exception {
    BuildInfo fork = new BuildInfo("https://example.org/fork", "https://example.org/fork/rules.md");
    JsonNode driver = driver("1.0.0", fork, cwd);
    assertEquals("https://example.org/fork", driver.get("informationUri").asText());
    JsonNode rule = driver.at("/rules/0");
    assertEquals("https://example.org/fork/rules.md#vmim-example", rule.get("helpUri").asText());
    assertEquals(
        "The spec.vmiName is a *name* <here>. Fix: Write [a] name.",
        rule.at("/fullDescription/text").asText());
    assertEquals("error", rule.at("/defaultConfiguration/level").asText());
    String markdown = rule.at("/help/markdown").asText();
    assertTrue(markdown.contains("is a \\*name\\* \\<here\\>."), markdown);
    assertTrue(markdown.contains("**How to fix:** Write \\[a\\] name."), markdown);
    assertTrue(markdown.contains("`VirtualMachineInstanceMigration`"), markdown);
    assertTrue(rule.at("/help/text").asText().contains("How to fix: Write [a] name."));
  }

  @Test
  void buildInfoFallsBackToTheDefaults() {
    assertEquals(BuildInfo.DEFAULTS, BuildInfo.read(null));
    assertEquals(
        BuildInfo.DEFAULTS, BuildInfo.read(stream("home=${migration-guard.home}\nrules-doc=\n")));
    assertEquals(
        new BuildInfo("https://a.example", BuildInfo.DEFAULT_RULES_DOC),
        BuildInfo.read(stream("home=https://a.example\n")));
    assertEquals(
        "https://github.com/migration-guard/migration-guard/blob/main/docs/rules.md#schema",
        BuildInfo.DEFAULTS.ruleUri("schema"));
  }

  @Test
  void theBuildWritesTheLinksAndLeavesQuarkusConfigurationUnfiltered() throws Exception {
    // Filtered at build time: no placeholder left, both links absolute.
    BuildInfo built = BuildInfo.get();
    assertTrue(built.home().startsWith("https://"), built.home());
    assertTrue(built.rulesDoc().startsWith(built.home()), built.rulesDoc());
    try (InputStream in = BuildInfo.class.getResourceAsStream(BuildInfo.RESOURCE)) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertFalse(text.contains("${"), text);
    }
    try (InputStream in = BuildInfo.class.getResourceAsStream("/application.properties")) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(text.contains("${migration-guard.port}"), "application.properties not filtered");
    }
  }

  private static InputStream stream(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }
}
