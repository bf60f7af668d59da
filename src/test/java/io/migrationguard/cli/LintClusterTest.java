package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.migrationguard.cluster.ApiResource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lint --cluster} against the fabric8 mock API server (issue 28): what the cluster holds is
 * judged with the same engine, cross-object rules across the whole set, located as {@code
 * KIND/NAMESPACE/NAME}, the release from the KubeVirt CR; nothing is written.
 */
class LintClusterTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;
  private MockCluster cluster;
  private KubernetesMockServer server;

  @BeforeEach
  void start() throws Exception {
    cluster = new MockCluster(tmp);
    server = cluster.server;
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  private void create(ApiResource r, String yaml) throws Exception {
    cluster.create(r, yaml);
  }

  private void holdings() throws Exception {
    for (String name : List.of("dup-a", "dup-b")) {
      create(
          ApiResource.POLICY,
          "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata: {name: "
              + name
              + "}\nspec: {selectors: {namespaceSelector: {team: a}}}\n");
    }
    create(
        ApiResource.POLICY,
        "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata: {name: slow}\n"
            + "spec: {bandwidthPerMigration: 500m, selectors: {namespaceSelector: {team: b}}}\n");
    create(
        ApiResource.VMIM,
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstanceMigration\n"
            + "metadata: {name: urgent, namespace: a}\nspec: {vmiName: vm1, priority: urgent}\n");
    create(
        ApiResource.VMIM,
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstanceMigration\n"
            + "metadata: {name: fine, namespace: b}\nspec: {vmiName: vm2}\n");
    create(
        ApiResource.KUBEVIRT,
        "apiVersion: kubevirt.io/v1\nkind: KubeVirt\nmetadata: {name: kubevirt, namespace: kubevirt}\n"
            + "spec: {}\nstatus: {observedKubeVirtVersion: v1.8.2}\n");
  }

  @Test
  void judgesWhatTheClusterHoldsAcrossTheWholeSet() throws Exception {
    holdings();
    int setup = server.getRequestCount();
    LintHarness.Result r = LintHarness.run("--cluster");
    assertEquals(1, r.code(), r.out() + r.err());
    // Read-only: every request the lint made is a GET.
    for (int i = 0; i < server.getRequestCount(); i++) {
      var req = server.takeRequest(1, java.util.concurrent.TimeUnit.SECONDS);
      if (i >= setup) {
        assertEquals("GET", req.getMethod(), req.getPath());
      }
    }
    assertTrue(r.out().contains("MigrationPolicy/dup-a:"), r.out());
    assertTrue(
        r.out().lines().filter(l -> l.contains("[policy-selectors-unique]")).count() == 2,
        "both stored duplicates are reported: " + r.out());
    assertTrue(r.out().contains("error [policy-bandwidth-meaning] MigrationPolicy/slow"), r.out());
    assertTrue(
        r.out().contains("VirtualMachineInstanceMigration/a/urgent:"),
        "located by kind, namespace and name: " + r.out());
    assertTrue(r.out().endsWith("- KubeVirt v1.8 (v1.8.2)\n"), "the CR's release: " + r.out());
  }

  @Test
  void oneNamespaceAndEveryFormat() throws Exception {
    holdings();
    LintHarness.Result r = LintHarness.run("--cluster", "-n", "b", "-o", "json");
    JsonNode json = JSON.readTree(r.out());
    List<String> names = new ArrayList<>();
    json.path("resources").forEach(x -> names.add(x.path("filename").asText()));
    assertTrue(names.contains("VirtualMachineInstanceMigration/b/fine"), names.toString());
    assertFalse(names.contains("VirtualMachineInstanceMigration/a/urgent"), names.toString());
    assertTrue(names.contains("MigrationPolicy/dup-a"), "policies are cluster-wide: " + names);
    for (String format : List.of("junit", "sarif", "github", "openreports")) {
      LintHarness.Result f = LintHarness.run("--cluster", "-o", format);
      assertEquals(1, f.code(), format + ": " + f.err());
      assertTrue(f.out().contains("dup-b"), format + ": " + f.out());
    }
  }

  @Test
  void anUnreachableClusterIsAUsageErrorNamingIt() throws Exception {
    cluster.pointAt("https://127.0.0.1:1");
    LintHarness.Result r = LintHarness.run("--cluster");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.err().contains("nothing could be read from https://127.0.0.1:1"), r.err());
    LintHarness.Result files = LintHarness.run("--cluster", "manifests/");
    assertEquals(2, files.code());
    assertTrue(files.err().contains("give no files"), files.err());
    LintHarness.Result ns = LintHarness.run("-n", "a", "manifests/");
    assertTrue(ns.err().contains("-n needs --cluster"), ns.err());
  }
}
