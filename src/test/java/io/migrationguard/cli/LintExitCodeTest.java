package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exit codes 0 / 1 / 2 exactly as docs/lint.md#exit-codes says, and what is reported alongside. */
class LintExitCodeTest {
  private static final String D = LintHarness.DIR;
  private static final String VALID_POLICY =
      "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata:\n"
          + "  name: p\nspec:\n  selectors:\n    namespaceSelector:\n      team: a\n";

  @Test
  void cleanIsZero() {
    LintHarness.Result r = LintHarness.run(D + "clean");
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(
        r.out().endsWith("Valid: 2, Invalid: 0, Errors: 0, Skipped: 1 - KubeVirt v1.9\n"), r.out());
    assertEquals("", r.err());
  }

  @Test
  void invalidIsOne(@TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("bad.yaml");
    Files.writeString(
        f, VALID_POLICY.replace("team: a", "team: a\n  completionTimeoutPerGiB: \"800\""));
    LintHarness.Result r = LintHarness.run(f.toString());
    assertEquals(1, r.code(), r.out());
    assertTrue(r.out().contains(":9:3: error ["), r.out());
  }

  @Test
  void warningsPassUnlessWarningsAreErrors(@TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("warn.yaml");
    Files.writeString(f, VALID_POLICY + "  unknownField: 1\n");
    assertEquals(0, LintHarness.run(f.toString()).code());
    LintHarness.Result strict = LintHarness.run("--warnings-as-errors", f.toString());
    assertEquals(1, strict.code(), strict.out());
    assertTrue(strict.out().contains(": error [schema]"), strict.out());
  }

  @Test
  void anUnreadableFileIsTwoAndTheRestIsStillReported(@TempDir Path tmp) throws Exception {
    Path ok = tmp.resolve("ok.yaml");
    Files.writeString(ok, VALID_POLICY);
    String missing = tmp.resolve("missing.yaml").toString();
    LintHarness.Result r = LintHarness.run(missing, ok.toString());
    assertEquals(2, r.code());
    assertEquals("lint: " + missing + ": no such file or directory\n", r.err());
    assertTrue(r.out().contains("1 resource found in 1 file - Valid: 1,"), r.out());
    LintHarness.Result only = LintHarness.run(missing);
    assertEquals(2, only.code());
    assertEquals("", only.out());
  }

  @Test
  void aFolderWithoutManifestsIsSaidAndExitsZero(@TempDir Path tmp) throws Exception {
    Files.writeString(tmp.resolve("notes.txt"), "nothing here");
    Files.createDirectories(tmp.resolve(".hidden"));
    Files.writeString(tmp.resolve(".hidden/x.yaml"), VALID_POLICY);
    LintHarness.Result r = LintHarness.run(tmp.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("lint: " + tmp + ": no .yaml, .yml or .json file in it"), r.err());
    assertEquals(1, LintHarness.run("--fail-if-no-objects", tmp.toString()).code());
  }

  @Test
  void aConfigFileIsARegularFileUnderOneMebibyte(@TempDir Path tmp) throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        new java.io.File("/usr/bin/mkfifo").canExecute(), "mkfifo not available");
    Path cfgFifo = tmp.resolve("cfg.yaml");
    new ProcessBuilder("mkfifo", cfgFifo.toString()).start().waitFor();
    Path ok = tmp.resolve("ok.yaml");
    Files.writeString(ok, VALID_POLICY);
    LintHarness.Result cfg = LintHarness.run("--config", cfgFifo.toString(), ok.toString());
    assertEquals(2, cfg.code());
    assertTrue(cfg.err().contains("not a regular file (fifo)"), cfg.err());
    Path big = tmp.resolve("big.yaml");
    Files.writeString(big, "# " + "x".repeat(2 << 20) + "\n");
    LintHarness.Result large = LintHarness.run("--config", big.toString(), ok.toString());
    assertEquals(2, large.code());
    assertTrue(large.err().contains("config file is larger than the limit of 1 MiB"), large.err());
  }

  @Test
  void unparseableYamlIsTwoWithItsPosition() {
    LintHarness.Result r = LintHarness.run(D + "mixed/broken.yaml");
    assertEquals(2, r.code());
    assertTrue(r.out().contains("broken.yaml:16:12: error [parse-error] -: "), r.out());
    assertTrue(r.out().contains("Valid: 2, Invalid: 0, Errors: 1"), r.out());
  }

  @Test
  void usageErrorsAreTwoWithAHint() {
    for (String[] args :
        new String[][] {
          {}, {"--bogus", "x"}, {"-o", "yaml", "x"}, {"--kubevirt", "nope.yaml", "x"}
        }) {
      LintHarness.Result r = LintHarness.run(args);
      assertEquals(2, r.code(), String.join(" ", args));
      assertEquals("", r.out());
      assertTrue(r.err().startsWith("lint: "), r.err());
      assertTrue(r.err().contains("--help"), r.err());
    }
  }

  @Test
  void stdinIsLintedAsAFileNamedStdin() {
    LintHarness.Result r = LintHarness.runWithStdin(VALID_POLICY + "---\n" + VALID_POLICY, "-");
    assertEquals(1, r.code(), r.out());
    assertTrue(
        r.out().startsWith("stdin:13:3: error [duplicate-object] MigrationPolicy/p:"), r.out());
    assertTrue(r.out().contains("2 resources found in 1 file -"), r.out());
    String json = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c\"}}";
    assertEquals(0, LintHarness.runWithStdin(json, "-").code());
  }

  @Test
  void directoriesAreSearchedForManifestsInSortedOrder() {
    LintHarness.Result r = LintHarness.run("-o", "json", D + "mixed");
    String out = r.out();
    int broken = out.indexOf("mixed/broken.yaml");
    int dupkeys = out.indexOf("mixed/dupkeys.yaml");
    int list = out.indexOf("mixed/list.json");
    int deploy = out.indexOf("mixed/sub/dir/deploy.yml");
    assertTrue(broken < dupkeys && dupkeys < list && list < deploy, out);
    assertTrue(!out.contains("notes.txt"));
  }

  @Test
  void helpVersionAndRulesAreZero() {
    LintHarness.Result help = LintHarness.run("--help");
    assertEquals(0, help.code());
    for (String opt :
        new String[] {
          "--output", "--strict", "--against", "--kubevirt", "--as", "--show-patch",
          "--warnings-as-errors", "--summary", "--list-rules", "--version", "--help", "Exit codes",
          "kustomize build"
        }) {
      assertTrue(help.out().contains(opt), opt);
    }
    assertTrue(LintHarness.run("--version").out().startsWith("migration-guard "));
    LintHarness.Result rules = LintHarness.run("--list-rules");
    assertEquals(0, rules.code());
    assertTrue(rules.out().contains("duplicate-key"));
    assertTrue(rules.out().contains("schema"));
  }
}
