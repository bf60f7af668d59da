package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lint judges for the KubeVirt release it is told, or the one the {@code --kubevirt} file
 * reports, and says which in every format (docs/kubevirt-versions.md#choosing-the-profile).
 */
class LintReleaseTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CONTROLLER = "system:serviceaccount:kubevirt:kubevirt-controller";
  private static final String URGENT =
      "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstanceMigration\nmetadata:\n"
          + "  name: urgent\n  namespace: default\nspec:\n  vmiName: vm1\n"
          + "  priority: system-critical\n";

  @TempDir Path tmp;

  private String file(String name, String text) throws Exception {
    Path f = tmp.resolve(name);
    Files.writeString(f, text);
    return f.toString();
  }

  private String kubevirt(String status) throws Exception {
    return kubevirt("{}", status);
  }

  private String kubevirt(String spec, String status) throws Exception {
    return file(
        "kubevirt.yaml",
        "apiVersion: kubevirt.io/v1\nkind: KubeVirt\nmetadata: {name: kubevirt, namespace: kubevirt}\n"
            + "spec: "
            + spec
            + "\n"
            + status);
  }

  @Test
  void theNamedReleaseJudges() throws Exception {
    String m = file("m.yaml", URGENT);
    LintHarness.Result v18 = LintHarness.run("--as", CONTROLLER, "--kubevirt-version", "v1.8", m);
    assertEquals(1, v18.code(), v18.out() + v18.err());
    assertTrue(v18.out().contains("[vmim-priority-gate]"), v18.out());
    assertTrue(v18.out().endsWith("Skipped: 0 - KubeVirt v1.8\n"), v18.out());
    LintHarness.Result v19 = LintHarness.run("--as", CONTROLLER, "--kubevirt-version=1.9.3", m);
    assertEquals(0, v19.code(), v19.out() + v19.err());
    assertTrue(v19.out().endsWith("Skipped: 0 - KubeVirt v1.9 (1.9.3)\n"), v19.out());
    LintHarness.Result v16 = LintHarness.run("--kubevirt-version", "v1.6", m);
    assertEquals(0, v16.code(), v16.out());
    assertTrue(v16.out().contains("spec.priority: Forbidden: unknown field"), v16.out());
  }

  @Test
  void theKubeVirtFileReportsTheRelease() throws Exception {
    String m = file("m.yaml", URGENT);
    String kv = kubevirt("status: {observedKubeVirtVersion: v1.7.4}\n");
    LintHarness.Result r = LintHarness.run("-o", "json", "--as", CONTROLLER, "--kubevirt", kv, m);
    assertEquals(1, r.code(), r.out() + r.err());
    JsonNode summary = JSON.readTree(r.out()).path("summary");
    assertEquals("v1.7", summary.path("kubevirtVersion").asText());
    assertEquals("v1.7.4", summary.path("kubevirtVersionFrom").asText());
    // the command line wins over the file
    LintHarness.Result named =
        LintHarness.run("--as", CONTROLLER, "--kubevirt", kv, "--kubevirt-version", "v1.9", m);
    assertEquals(0, named.code(), named.out() + named.err());
  }

  @Test
  void aKubeVirtFileWithoutAVersionFallsBackToTheNewestAndSaysSo() throws Exception {
    String m = file("m.yaml", URGENT);
    LintHarness.Result none = LintHarness.run("--kubevirt", kubevirt(""), m);
    assertEquals(0, none.code(), none.out() + none.err());
    assertTrue(none.err().contains("no status.observedKubeVirtVersion"), none.err());
    assertTrue(none.out().endsWith("- KubeVirt v1.9\n"), none.out());
    LintHarness.Result garbage =
        LintHarness.run("--kubevirt", kubevirt("status: {observedKubeVirtVersion: nightly}\n"), m);
    assertEquals(0, garbage.code(), garbage.out() + garbage.err());
    assertTrue(garbage.err().contains("not a KubeVirt version"), garbage.err());
  }

  @Test
  void aVersionThatNamesNoProfileIsAUsageError() throws Exception {
    String m = file("m.yaml", URGENT);
    for (String bad : new String[] {"v1.4", "latest", ""}) {
      LintHarness.Result r = LintHarness.run("--kubevirt-version", bad, m);
      assertEquals(2, r.code(), bad + ": " + r.out() + r.err());
      assertTrue(r.err().contains("v1.5, main") || r.err().contains("needs a value"), r.err());
    }
  }

  @Test
  void aNewerReleaseIsJudgedAsMainWithAWarning() throws Exception {
    String p =
        file(
            "p.yaml",
            "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata:\n"
                + "  name: p\nspec:\n  experimental:\n    stallDetector:\n      ewmaAlpha: 500m\n"
                + "  selectors:\n    namespaceSelector: {team: a}\n");
    LintHarness.Result main = LintHarness.run("--kubevirt", gatesAndStatus("v1.10.0"), p);
    assertTrue(main.err().contains("v1.10.0") && main.err().contains("judged as main"), main.err());
    assertEquals(0, main.code(), main.out() + main.err()); // "500m" is a Quantity on main
    LintHarness.Result v19 = LintHarness.run("--kubevirt", gatesAndStatus("v1.9.0"), p);
    assertEquals(1, v19.code(), v19.out());
    assertTrue(v19.out().contains("invalid factor \"500m\""), v19.out());
  }

  private String gatesAndStatus(String version) throws Exception {
    return kubevirt(
        "{configuration: {developerConfiguration: {featureGates: [MigrationStallDetection]}}}",
        "status: {observedKubeVirtVersion: " + version + "}\n");
  }

  @Test
  void theConfigFileNamesTheRelease() throws Exception {
    String m = file("m.yaml", URGENT);
    String cfg = file("cfg.yaml", "kubevirtVersion: \"v1.8\"\n");
    LintHarness.Result r = LintHarness.run("--config", cfg, "--as", CONTROLLER, m);
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(r.out().endsWith("- KubeVirt v1.8\n"), r.out());
    String unquoted = file("cfg2.yaml", "kubevirtVersion: 1.8\n");
    LintHarness.Result bad = LintHarness.run("--config", unquoted, m);
    assertEquals(2, bad.code(), bad.out() + bad.err());
    assertTrue(bad.err().contains("quote it"), bad.err());
  }

  @Test
  void sarifNamesTheReleaseInTheRunProperties() throws Exception {
    String m = file("m.yaml", URGENT);
    LintHarness.Result r = LintHarness.run("-o", "sarif", "--kubevirt-version", "v1.7", m);
    JsonNode props = JSON.readTree(r.out()).at("/runs/0/properties");
    assertEquals("v1.7", props.path("kubevirtVersion").asText(), r.out());
    assertTrue(props.path("kubevirtProfileSource").asText().contains("v1.7.0"), props.toString());
  }
}
