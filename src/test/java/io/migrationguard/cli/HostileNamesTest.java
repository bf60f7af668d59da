package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Output that cannot inject (issue 29): every hostile name of {@code hostile/names.yaml}, as a file
 * name and as an object's name and label, goes through every output format; text and github show
 * each unsafe character as an escape and never start a line with a workflow command of the input's
 * making; JSON, SARIF, JUnit and OpenReports still parse.
 */
class HostileNamesTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final ObjectMapper JSON = new ObjectMapper();
  private static List<String> names;

  @TempDir static Path dir;

  @BeforeAll
  static void files() throws Exception {
    names = new ArrayList<>();
    YAML.readTree(Path.of("src/test/resources/hostile/names.yaml").toFile())
        .forEach(n -> names.add(n.asText()));
    int i = 0;
    for (String name : names) {
      String doc =
          "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata:\n  name: "
              + JSON.writeValueAsString(name)
              + "\nspec:\n  bandwidthPerMigration: "
              + JSON.writeValueAsString(name)
              + "\n  selectors:\n    namespaceSelector: {team: "
              + JSON.writeValueAsString(name)
              + "}\n";
      String file = name.replace("/", "_").replace("\0", "_") + ".yaml";
      try {
        Files.writeString(dir.resolve(file), doc);
      } catch (Exception e) {
        Files.writeString(dir.resolve("hostile-" + i + ".yaml"), doc); // a name the FS refuses
      }
      i++;
    }
  }

  private static LintHarness.Result lint(String format) {
    LintHarness.Result r = LintHarness.run("-o", format, dir.toString());
    // 1: invalid names; 2 when a name makes its file unreadable (U+0085 is a YAML line break).
    assertTrue(r.code() == 1 || r.code() == 2, format + ": " + r.err());
    assertFalse(r.err().contains("internal error"), r.err());
    return r;
  }

  private static void noUnsafeCharacter(String format, String out) {
    out.codePoints()
        .filter(cp -> cp != '\n')
        .forEach(
            cp ->
                assertFalse(
                    io.migrationguard.report.TerminalText.unsafe(cp),
                    format + ": U+" + Integer.toHexString(cp) + " printed in\n" + out));
  }

  @Test
  void textShowsEveryUnsafeCharacterAsAnEscapeAndNoLineIsACommand() {
    String out = lint("text").out();
    noUnsafeCharacter("text", out);
    for (String line : out.split("\n")) {
      assertFalse(line.startsWith("::"), line);
    }
    assertTrue(out.contains("\\u{001B}[2J"), out);
    assertTrue(out.contains("\\u{202E}"), out);
    // A file named "::error ..." given relative to the working directory would start a line.
    assertEquals(
        "\\u{003A}:error file=ci.yaml:1:1: error",
        io.migrationguard.report.TerminalText.line("::error file=ci.yaml:1:1: error"));
  }

  @Test
  void githubEscapesWorkflowCommandsAndEveryUnsafeCharacter() {
    String out = lint("github").out();
    noUnsafeCharacter("github", out);
    int commands = 0;
    for (String line : out.split("\n")) {
      if (line.startsWith("::")) {
        commands++;
        assertTrue(line.startsWith("::error file=") || line.startsWith("::warning file="), line);
        // One command per line: the message part holds no "::" that starts another.
        String props = line.substring(2, line.indexOf("::", 2));
        assertFalse(props.contains("\n"), line);
      }
    }
    assertTrue(commands >= names.size(), out);
    assertFalse(out.contains("\n::add-mask::"), out);
    assertFalse(out.contains("\n::stop-commands::"), out);
  }

  @Test
  void structuredFormatsStillParse() throws Exception {
    for (String format : List.of("json", "sarif")) {
      JsonNode parsed = JSON.readTree(lint(format).out());
      assertFalse(parsed.isMissingNode(), format);
    }
    String junit = lint("junit").out();
    javax.xml.parsers.DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(
            new java.io.ByteArrayInputStream(
                junit.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    for (JsonNode d :
        YAML.readerFor(JsonNode.class).<JsonNode>readValues(lint("openreports").out()).readAll()) {
      OpenReportsSchema.assertAccepted(d);
    }
  }

  /** Every format: what the input said never starts a command line nor prints a raw control. */
  static final List<String> FORMATS =
      List.of("text", "github", "json", "sarif", "junit", "openreports");

  /**
   * No line begins with a workflow command once trimmed as the runner trims (JavaScript's trim:
   * every Unicode space), but the github format's own annotations; no unsafe character raw.
   */
  static void safeForALog(String format, String out) {
    noUnsafeCharacter(format, out);
    for (String line : out.split("\n", -1)) {
      int at = io.migrationguard.report.TerminalText.commandAt(line);
      if (at < 0) {
        continue;
      }
      assertTrue(
          format.equals("github")
              && at == 0
              && (line.startsWith("::error file=") || line.startsWith("::warning file=")),
          format + ": a line starts a workflow command: " + line);
    }
  }

  @Test
  void noFormatPrintsACommandLineOrARawControl() {
    for (String format : FORMATS) {
      safeForALog(format, lint(format).out());
    }
  }

  private static final ObjectMapper ASCII =
      new ObjectMapper()
          .enable(
              com.fasterxml.jackson.core.json.JsonWriteFeature.ESCAPE_NON_ASCII.mappedFeature());

  /** The same corpus as objects a cluster stores (the mock API server checks no name). */
  @Test
  void noFormatOfTheClusterLintPrintsACommandLineOrARawControl() throws Exception {
    try (MockCluster cluster =
        new MockCluster(Files.createDirectories(dir.resolve("cluster-" + System.nanoTime())))) {
      int i = 0;
      for (String name : names) {
        cluster.create(
            io.migrationguard.cluster.ApiResource.POLICY,
            "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata:\n"
                + "  name: "
                + ASCII.writeValueAsString("p" + i++ + name)
                + "\n  labels: {team: "
                + ASCII.writeValueAsString(name)
                + "}\nspec:\n  bandwidthPerMigration: "
                + ASCII.writeValueAsString(name)
                + "\n  selectors:\n    namespaceSelector: {team: "
                + ASCII.writeValueAsString(name)
                + "}\n");
      }
      for (String format : FORMATS) {
        LintHarness.Result r = LintHarness.run("--cluster", "-o", format);
        assertTrue(r.code() == 1 || r.code() == 2, format + ": " + r.err());
        assertFalse(r.err().contains("internal error"), r.err());
        safeForALog(format, r.out());
        safeForALog(format + " (stderr)", r.err());
      }
    }
  }
}
