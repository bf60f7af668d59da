package io.migrationguard.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.cli.Lint;
import io.migrationguard.core.testing.CaseFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real manifests, as published in KubeVirt's user guide, examples and design proposals, its blog,
 * OpenShift's docs, and kustomize output ({@code src/test/resources/parity/manifests/}, each with
 * its source): each file linted alone, every resource with the verdict and rule ids of {@code
 * expected.yaml}, and the exit code those verdicts imply.
 */
class RealManifestsTest {
  private static final Path DIR = Path.of("src/test/resources/parity/manifests");
  private static final ObjectMapper JSON = new ObjectMapper();

  record Expected(String file, JsonNode resources) {
    @Override
    public String toString() {
      return file;
    }
  }

  static Stream<Expected> files() {
    List<Expected> out = new ArrayList<>();
    for (JsonNode e : CaseFiles.read(DIR.resolve("expected.yaml"))) {
      out.add(new Expected(e.path("file").asText(), e.path("resources")));
    }
    return out.stream();
  }

  @Test
  void theCorpusIsVaried() {
    List<Expected> all = files().toList();
    assertTrue(all.size() >= 30, "files: " + all.size());
    TreeSet<String> statuses = new TreeSet<>();
    all.forEach(e -> e.resources().forEach(r -> statuses.add(r.path("status").asText())));
    assertEquals(new TreeSet<>(List.of("error", "invalid", "skipped", "valid")), statuses);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void lintsAsExpected(Expected e) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Lint.run(
            new String[] {"-o", "json", DIR.resolve(e.file()).toString()},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    JsonNode report;
    try {
      report = JSON.readTree(out.toByteArray());
    } catch (java.io.IOException x) {
      throw new AssertionError(e + ": no JSON report: " + err, x);
    }
    JsonNode got = report.path("resources");
    List<String> expected = new ArrayList<>();
    List<String> actual = new ArrayList<>();
    boolean invalid = false;
    boolean error = false;
    for (JsonNode r : e.resources()) {
      expected.add(line(r.path("kind").asText(""), r.path("name").asText(""), r));
      invalid |= r.path("status").asText().equals("invalid");
      error |= r.path("status").asText().equals("error");
    }
    for (JsonNode r : got) {
      actual.add(line(r.path("kind").asText(""), r.path("name").asText(""), lintVerdict(r)));
    }
    assertEquals(String.join("\n", expected), String.join("\n", actual), e + ": " + got);
    assertEquals(error ? 2 : invalid ? 1 : 0, exit, e + ": exit code");
  }

  /** The verdict of one lint resource in the shape of an {@code expected.yaml} entry. */
  private static JsonNode lintVerdict(JsonNode r) {
    var node = JSON.createObjectNode().put("status", r.path("status").asText());
    var errors = node.putArray("errors");
    var warnings = node.putArray("warnings");
    TreeSet<String> e = new TreeSet<>();
    TreeSet<String> w = new TreeSet<>();
    for (JsonNode f : r.path("findings")) {
      ("error".equals(f.path("severity").asText()) ? e : w).add(f.path("rule").asText());
    }
    e.forEach(errors::add);
    w.forEach(warnings::add);
    return node;
  }

  private static String line(String kind, String name, JsonNode verdict) {
    TreeSet<String> errors = new TreeSet<>();
    verdict.path("errors").forEach(n -> errors.add(n.asText()));
    TreeSet<String> warnings = new TreeSet<>();
    verdict.path("warnings").forEach(n -> warnings.add(n.asText()));
    return kind
        + "/"
        + name
        + " "
        + verdict.path("status").asText()
        + " errors="
        + errors
        + " warnings="
        + warnings;
  }
}
