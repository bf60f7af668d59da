package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.judge.Checker;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bounds that keep one big input from taking the run down: the file size limit ({@code
 * --max-file-size}, checked before and while reading, stdin too), findings kept per resource, and
 * long values cut in every message.
 */
class LintLimitsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String HEAD =
      "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata:\n"
          + "  name: p\nspec:\n  selectors:\n    namespaceSelector:\n      team: a\n";

  @TempDir Path tmp;

  @Test
  void sizesAreReadAsKubernetesQuantitiesWithAnOptionalB() throws UsageException {
    assertEquals(64L << 20, ByteSize.parse("--max-file-size", "64MiB"));
    assertEquals(64L << 20, ByteSize.parse("--max-file-size", "64Mi"));
    assertEquals(10_000_000L, ByteSize.parse("--max-file-size", "10M"));
    assertEquals(10_000_000L, ByteSize.parse("--max-file-size", "10mb"));
    assertEquals(1L << 30, ByteSize.parse("--max-file-size", "1Gi"));
    assertEquals(2048, ByteSize.parse("--max-file-size", "2Ki"));
    assertEquals(12345, ByteSize.parse("--max-file-size", "12345"));
    for (String bad : List.of("", "x", "-1", "0", "1.5M", "10Q", "3Gi", "99999999999999999999")) {
      assertThrows(UsageException.class, () -> ByteSize.parse("--max-file-size", bad), bad);
    }
    assertEquals("16 MiB", ByteSize.describe(ByteSize.DEFAULT_MAX_FILE_SIZE));
    assertEquals("10 MB", ByteSize.describe(10_000_000));
    assertEquals("1 kB", ByteSize.describe(1000));
    assertEquals("12345 bytes", ByteSize.describe(12345));
  }

  @Test
  void theOptionIsDocumentedAndChecked() {
    assertTrue(HelpText.TEXT.contains("--max-file-size SIZE"));
    LintHarness.Result r = LintHarness.run("--max-file-size", "lots", "x.yaml");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--max-file-size: \"lots\" is not a size"), r.err());
  }

  @Test
  void aFileOverTheLimitIsAReadErrorAndTheRestIsReported() throws IOException {
    Path big = tmp.resolve("big.yaml");
    Files.writeString(big, HEAD + "  bogus: " + "x".repeat(2000) + "\n");
    Path ok = tmp.resolve("ok.yaml");
    Files.writeString(ok, HEAD);
    LintHarness.Result r = LintHarness.run("--max-file-size", "1Ki", big.toString(), ok.toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(
        r.out()
            .contains(
                big
                    + ":1:1: error [read-error] -: file is larger than the limit of 1 KiB"
                    + " (--max-file-size)"),
        r.out());
    assertTrue(r.out().contains("2 resources found in 2 files - Valid: 1,"), r.out());
    // The limit is inclusive.
    LintHarness.Result exact =
        LintHarness.run("--max-file-size", Long.toString(Files.size(ok)), ok.toString());
    assertEquals(0, exact.code(), exact.out());
  }

  @Test
  void stdinIsBoundedTheSameWay() {
    LintHarness.Result r =
        LintHarness.runWithStdin(HEAD + "#" + "x".repeat(5000) + "\n", "--max-file-size=4k", "-");
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(
        r.out().contains("stdin:1:1: error [read-error] -: stdin is larger than the limit of 4 kB"),
        r.out());
  }

  @Test
  void readingIsBoundedEvenWhenTheSizeLied() {
    // A stream that never ends (a file that keeps growing, /dev/zero): stops after limit + 1.
    InputStream endless =
        new InputStream() {
          long given;

          @Override
          public int read() {
            given++;
            return 'a';
          }

          @Override
          public int read(byte[] b, int off, int len) {
            given += len;
            java.util.Arrays.fill(b, off, off + len, (byte) 'a');
            return len;
          }
        };
    Reading.TooLarge e =
        assertThrows(Reading.TooLarge.class, () -> Reading.bounded(endless, 1000, "file"));
    assertEquals("file is larger than the limit of 1 kB (--max-file-size)", e.getMessage());
  }

  @Test
  void aResourceKeepsAHundredFindingsAndCountsTheRest() throws IOException {
    StringBuilder sb = new StringBuilder(HEAD);
    for (int i = 0; i < 150; i++) {
      sb.append("  bogus").append(i).append(": 1\n");
    }
    sb.append("  completionTimeoutPerGiB: \"800\"\n"); // one error, last in the file
    Path f = tmp.resolve("many.yaml");
    Files.writeString(f, sb.toString());
    LintHarness.Result r = LintHarness.run("-o", "json", f.toString());
    assertEquals(1, r.code(), r.err());
    JsonNode report = JSON.readTree(r.out());
    JsonNode findings = report.at("/resources/0/findings");
    assertEquals(Checker.MAX_FINDINGS + 1, findings.size());
    assertEquals("error", findings.get(Checker.MAX_FINDINGS - 1).path("severity").asText());
    assertEquals(
        "spec.completionTimeoutPerGiB",
        findings.get(Checker.MAX_FINDINGS - 1).path("field").asText(),
        "the error is kept first, then placed in file order");
    JsonNode last = findings.get(Checker.MAX_FINDINGS);
    assertEquals("too-many-findings", last.path("rule").asText());
    assertEquals("warning", last.path("severity").asText());
    assertEquals("... and 51 more findings", last.path("message").asText());
    assertEquals(150, report.at("/summary/warnings").asLong(), "the summary counts them all");

    LintHarness.Result text = LintHarness.run("--no-hints", f.toString());
    assertTrue(
        text.out().contains(f + ":1:1: warning [too-many-findings] MigrationPolicy/p: ... and 51"),
        text.out());
  }

  @Test
  void aKeyRepeatedAHundredThousandTimesGivesABoundedReport() throws IOException {
    StringBuilder sb = new StringBuilder(HEAD);
    sb.append("  bogus: 1\n".repeat(100_000));
    Path f = tmp.resolve("dup.yaml");
    Files.writeString(f, sb.toString());
    LintHarness.Result r = LintHarness.run("-o", "json", f.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().length() < 50_000, "report of " + r.out().length() + " characters");
    JsonNode report = JSON.readTree(r.out());
    JsonNode findings = report.at("/resources/0/findings");
    assertEquals(Checker.MAX_FINDINGS + 1, findings.size());
    // 99,999 repetitions and the unknown field.
    assertEquals(100_000, report.at("/summary/warnings").asLong());
    assertEquals(
        "... and 99900 more findings", findings.get(Checker.MAX_FINDINGS).path("message").asText());
    // Under --strict the repetitions are errors: the line is one too.
    LintHarness.Result strict = LintHarness.run("--strict", "-o", "json", f.toString());
    assertEquals(1, strict.code());
    JsonNode s = JSON.readTree(strict.out()).at("/resources/0/findings");
    assertEquals("error", s.get(Checker.MAX_FINDINGS).path("severity").asText());
  }

  @Test
  void longValuesAreCutInEveryMessage() throws IOException {
    String huge = "9".repeat(300);
    String name = "n".repeat(1000);
    String yaml =
        HEAD.replace("name: p", "name: " + name)
            + "  bandwidthPerMigration: \""
            + huge
            + "\"\n  "
            + "k".repeat(500)
            + ": 1\n";
    Path f = tmp.resolve("long.yaml");
    Files.writeString(f, yaml);
    LintHarness.Result r = LintHarness.run("-o", "json", f.toString());
    JsonNode report = JSON.readTree(r.out());
    List<String> messages = new ArrayList<>();
    report
        .at("/resources/0/findings")
        .forEach(x -> messages.add(x.path("field").asText() + ": " + x.path("message").asText()));
    String all = String.join("\n", messages);
    assertTrue(all.contains("Invalid value: \"" + "9".repeat(64) + "...\" (300 characters)"), all);
    assertTrue(all.contains("\"" + "n".repeat(64) + "...\" (1000 characters)"), all);
    assertTrue(all.contains("spec." + "k".repeat(64) + "... (500 characters): "), all);
    for (String m : messages) {
      assertTrue(m.length() < 600, m);
    }
    assertFalse(all.contains("9".repeat(65)), all);
  }

  @Test
  void binaryValuesAndMergeKeysLintAsKubectlSendsThem() {
    LintHarness.Result r = LintHarness.run(LintHarness.DIR + "goyaml");
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("1 resource found in 1 file - Valid: 1,"), r.out());
  }

  @Test
  void aBinaryValueIsCheckedDecoded() throws IOException {
    // go-yaml decodes !!binary: "NjRNaQ==" is 64Mi, a valid Quantity.
    Path f = tmp.resolve("binary.yaml");
    Files.writeString(
        f, HEAD + "  bandwidthPerMigration: !!binary NjRNaQ==\n", StandardCharsets.UTF_8);
    LintHarness.Result r = LintHarness.run(f.toString());
    assertEquals(0, r.code(), r.out() + r.err());
  }
}
