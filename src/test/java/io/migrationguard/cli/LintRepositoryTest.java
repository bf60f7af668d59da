package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.rules.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lint over a whole repository ({@code lint/repo}: a GitHub workflow, a Helm chart, a
 * kustomization and a JSON 6902 patch, package.json, a tsconfig.json with comments, an Ansible
 * playbook, a hidden folder holding a bad policy, and two valid objects of ours), and the ways to
 * leave things out: {@code --exclude}, {@code --disable}, the config file, the object annotation.
 */
class LintRepositoryTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String REPO = LintHarness.DIR + "repo";

  @TempDir Path tmp;

  @Test
  void aRepositoryWithNothingOfOursWrongPasses() throws IOException {
    LintHarness.Result r = LintHarness.run("-o", "json", REPO);
    assertEquals(0, r.code(), r.err());
    JsonNode report = JSON.readTree(r.out());
    List<String> resources = new ArrayList<>();
    report
        .path("resources")
        .forEach(x -> resources.add(x.path("kind").asText() + " " + x.path("status").asText()));
    assertEquals(
        List.of("VirtualMachineInstanceMigration valid", "MigrationPolicy valid"), resources);
    assertEquals(2, report.at("/summary/resources").asInt());
    // The chart template and the playbook are templates: one hint, on stderr.
    assertTrue(r.err().contains("skipped 2 templates"), r.err());
  }

  @Test
  void verboseListsWhatIsNotAKubernetesObject() {
    LintHarness.Result r = LintHarness.run("--verbose", REPO);
    assertEquals(0, r.code(), r.err());
    for (String f :
        List.of(
            "package.json",
            "tsconfig.json",
            "chart/Chart.yaml",
            "chart/values.yaml",
            "chart/templates/policy.yaml",
            "kustomize/patch.yaml",
            "ansible/playbook.yml",
            ".pre-commit-config.yaml")) {
      assertTrue(r.err().contains(f + ":"), f + " in " + r.err());
    }
    assertFalse(r.err().contains(".hidden"), "hidden folders are not walked");
    assertFalse(r.err().contains(".github"), "hidden folders are not walked");
  }

  @Test
  void aHiddenFolderIsLintedWhenNamed() {
    LintHarness.Result r = LintHarness.run(REPO + "/.hidden");
    assertEquals(1, r.code(), r.out());
    assertTrue(r.out().contains("MigrationPolicy/Not_Valid"), r.out());
  }

  @Test
  void failIfNoObjects() {
    LintHarness.Result none = LintHarness.run("--fail-if-no-objects", REPO + "/chart");
    assertEquals(1, none.code(), none.err());
    assertTrue(none.err().contains("no VirtualMachineInstanceMigration or MigrationPolicy"));
    assertEquals(0, LintHarness.run("--fail-if-no-objects", REPO).code());
  }

  @Test
  void aDocumentNamingOurKindWithoutApiVersionIsStillAnError() throws IOException {
    Path f = tmp.resolve("fragment.yaml");
    Files.writeString(f, "kind: MigrationPolicy\nmetadata: {name: p}\n");
    LintHarness.Result r = LintHarness.run("-o", "json", f.toString());
    assertEquals(2, r.code(), r.out());
    JsonNode res = JSON.readTree(r.out()).at("/resources/0");
    assertEquals("error", res.path("status").asText());
    assertEquals("MigrationPolicy", res.path("kind").asText());
    assertEquals("p", res.path("name").asText());
  }

  @Test
  void aBrokenFileThatMayHoldOursIsStillAParseError() throws IOException {
    Path f = tmp.resolve("broken.yaml");
    Files.writeString(f, "apiVersion: kubevirt.io/v1\nkind: [unclosed\n");
    assertEquals(2, LintHarness.run(f.toString()).code());
    Path other = tmp.resolve("other.yaml");
    Files.writeString(other, "steps: [unclosed\n");
    assertEquals(0, LintHarness.run(other.toString()).code());
  }

  @Test
  void excludeLeavesOutMatchingFilesAndFolders() throws IOException {
    Path bad = tmp.resolve("repo/generated/policy.yaml");
    Files.createDirectories(bad.getParent());
    Files.writeString(
        bad,
        "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata: {name: X}\nspec: {}\n");
    Path root = tmp.resolve("repo");
    assertEquals(1, LintHarness.run(root.toString()).code());
    assertEquals(0, LintHarness.run("--exclude", "generated", root.toString()).code());
    assertEquals(0, LintHarness.run("--exclude", "**/policy.yaml", root.toString()).code());
    assertEquals(0, LintHarness.run("--exclude=policy.yaml", bad.toString()).code());
  }

  @Test
  void disableDropsARulesFindings() {
    String file = LintHarness.DIR + "mixed/policies.yaml";
    LintHarness.Result all = LintHarness.run(file);
    assertTrue(all.out().contains("[policy-selectors-unique]"), all.out());
    LintHarness.Result off =
        LintHarness.run("--disable", "policy-selectors-unique,policy-selectors-tie", file);
    assertFalse(off.out().contains("[policy-selectors-unique]"), off.out());
    assertFalse(off.out().contains("[policy-selectors-tie]"), off.out());
  }

  @Test
  void disableRefusesUnknownAndEssentialRules() {
    LintHarness.Result typo = LintHarness.run("--disable", "policy-selector-unique", REPO);
    assertEquals(2, typo.code());
    assertTrue(typo.err().contains("did you mean policy-selectors-unique?"), typo.err());
    LintHarness.Result schema = LintHarness.run("--disable", "schema", REPO);
    assertEquals(2, schema.code());
    assertTrue(schema.err().contains("rule schema cannot be disabled"), schema.err());
  }

  @Test
  void theConfigFileHoldsExcludesAndDisabledRules() throws IOException {
    Path config = tmp.resolve("lint.yaml");
    Files.writeString(
        config, "exclude:\n  - \"**/policies.yaml\"\ndisable: [vmim-priority-enum]\n");
    LintHarness.Result r =
        LintHarness.run("--config", config.toString(), LintHarness.DIR + "mixed");
    assertFalse(r.out().contains("policies.yaml"), r.out());
    assertFalse(r.out().contains("[vmim-priority-enum]"), r.out());
    Files.writeString(config, "exlude: [x]\n");
    LintHarness.Result bad = LintHarness.run("--config", config.toString(), REPO);
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("unknown key exlude: did you mean exclude?"), bad.err());
    assertFalse(bad.err().contains("--help"), "not a usage error: " + bad.err());
  }

  @Test
  void theIgnoreAnnotationSwitchesRulesOffForOneObject() throws IOException {
    Path f = tmp.resolve("p.yaml");
    String policy =
        "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata:\n  name: all\n"
            + "  annotations:\n    lint.migration-guard.io/ignore: %s\nspec:\n  selectors: {}\n";
    Files.writeString(f, policy.formatted("policy-selectors-empty"));
    LintHarness.Result r = LintHarness.run(f.toString());
    assertFalse(r.out().contains("policy-selectors-empty"), r.out());
    Files.writeString(f, policy.formatted("other-rule"));
    assertTrue(LintHarness.run(f.toString()).out().contains("[policy-selectors-empty]"));
  }

  @Test
  void hintsFollowFindingsUnlessTurnedOff() {
    String file = LintHarness.DIR + "mixed/migrations.yaml";
    LintHarness.Result r = LintHarness.run(file);
    assertTrue(r.out().contains("\n    fix: "), r.out());
    assertFalse(LintHarness.run("--no-hints", file).out().contains("fix: "));
  }

  @Test
  void reportsAllInFilesStillPrintTheSummaryOnStderr() {
    Path sarif = tmp.resolve("out.sarif");
    LintHarness.Result r = LintHarness.run("-o", "sarif=" + sarif, REPO);
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.out());
    assertTrue(r.err().contains("Summary: 2 resources found"), r.err());
  }

  @Test
  void anUnwritableReportIsNotAUsageError() {
    LintHarness.Result r = LintHarness.run("-o", "json=" + tmp.resolve("no/such/dir/r.json"), REPO);
    assertEquals(2, r.code());
    assertTrue(r.err().contains("cannot write"), r.err());
    assertFalse(r.err().contains("--help"), r.err());
  }

  @Test
  void kubeconformsSingleDashOptionsGetTheOptionMeant() {
    LintHarness.Result r = LintHarness.run("-output", "json", REPO);
    assertEquals(2, r.code());
    assertTrue(r.err().contains("did you mean --output?"), r.err());
  }

  @Test
  void listRulesHonoursJsonOutput() throws IOException {
    LintHarness.Result r = LintHarness.run("--list-rules", "-o", "json");
    assertEquals(0, r.code());
    JsonNode rules = JSON.readTree(r.out());
    assertEquals(Catalogue.of(Rules.all(Settings.defaults())).size(), rules.size());
    rules.forEach(x -> assertFalse(x.path("fix").asText().isEmpty(), x.toString()));
  }
}
