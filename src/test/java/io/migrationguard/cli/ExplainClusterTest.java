package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.migrationguard.cluster.ApiResource;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code explain vmi NAME -n NS} against the fabric8 mock API server: the VMI, its namespace's
 * labels, every policy and the KubeVirt CR read through the kubeconfig; only reads.
 */
class ExplainClusterTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;
  private MockCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new MockCluster(tmp);
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  private void holdings() throws Exception {
    cluster
        .client
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName("prod")
                .addToLabels("team", "a")
                .endMetadata()
                .build())
        .create();
    cluster.create(
        ApiResource.VMI,
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\n"
            + "metadata: {name: db-1, namespace: prod, labels: {app: db}}\nspec: {}\n");
    cluster.create(
        ApiResource.POLICY,
        "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata: {name: zz}\n"
            + "spec: {selectors: {virtualMachineInstanceSelector: {app: db}, namespaceSelector:"
            + " {team: a}}, allowAutoConverge: true}\n");
    cluster.create(
        ApiResource.POLICY,
        "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata: {name: aa}\n"
            + "spec: {selectors: {virtualMachineInstanceSelector: {app: db}, namespaceSelector:"
            + " {kubernetes.io/metadata.name: prod}}, allowAutoConverge: false}\n");
    cluster.create(
        ApiResource.KUBEVIRT,
        "apiVersion: kubevirt.io/v1\nkind: KubeVirt\nmetadata: {name: kubevirt, namespace:"
            + " kubevirt}\nspec: {configuration: {migrations: {parallelMigrationsPerCluster: 20}}}\n"
            + "status: {observedKubeVirtVersion: v1.7.1}\n");
  }

  @Test
  void explainsAVmiOfTheClusterAndOnlyReads() throws Exception {
    holdings();
    int setup = cluster.server.getRequestCount();
    ExplainTest.Run r = ExplainTest.explain("vmi", "db-1", "-n", "prod", "-o", "json");
    assertEquals(0, r.code(), r.err());
    JsonNode o = JSON.readTree(r.out());
    assertEquals("v1.7", o.get("release").asText());
    // The mock server does not add kubernetes.io/metadata.name as the API server does: explain
    // does, so aa (namespace by name) ties with zz (namespace by team), and the name breaks it.
    assertEquals("aa", o.get("chosen").asText());
    assertEquals("[\"aa\",\"zz\"]", o.get("tied").toString());
    assertTrue(o.get("releaseFrom").asText().contains("KubeVirt/kubevirt/kubevirt"));
    for (JsonNode f : o.get("configuration")) {
      if (f.get("field").asText().equals("parallelMigrationsPerCluster")) {
        assertEquals(20, f.get("value").asInt());
        assertEquals("kubevirt", f.get("origin").asText());
      }
    }
    for (int i = 0; i < cluster.server.getRequestCount(); i++) {
      var req = cluster.server.takeRequest(1, TimeUnit.SECONDS);
      if (i >= setup) {
        assertEquals("GET", req.getMethod(), req.getPath());
      }
    }
  }

  @Test
  void theTargetViewListsTheNodesAndReadsTheSourcePodsNodeSelector() throws Exception {
    holdings();
    String model = "cpu-model-migration.node.kubevirt.io/Cascadelake-Server";
    cluster.create(
        ApiResource.VMI,
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\n"
            + "metadata: {name: db-2, namespace: prod}\n"
            + "spec: {architecture: amd64, domain: {cpu: {model: host-model}}}\n"
            + "status: {phase: Running, nodeName: n-src}\n");
    String uid =
        cluster
            .client
            .genericKubernetesResources(ApiResource.VMI.context())
            .inNamespace("prod")
            .withName("db-2")
            .get()
            .getMetadata()
            .getUid();
    for (String node : new String[] {"n-src", "n-ok", "n-old"}) {
      cluster.create(
          ApiResource.NODE,
          "apiVersion: v1\nkind: Node\nmetadata: {name: "
              + node
              + ", labels: {kubevirt.io/schedulable: 'true', kubernetes.io/arch: amd64"
              + (node.equals("n-old") ? "" : ", " + model + ": 'true'")
              + "}}\n");
    }
    cluster.create(
        ApiResource.POD,
        "apiVersion: v1\nkind: Pod\nmetadata: {name: virt-launcher-db-2-x, namespace: prod,"
            + " labels: {kubevirt.io/created-by: "
            + uid
            + "}}\nspec: {nodeName: n-src, nodeSelector: {"
            + model
            + ": 'true'}, containers: [{name: compute, image: x}]}\n");
    var pod = cluster.client.pods().inNamespace("prod").withName("virt-launcher-db-2-x").get();
    pod.setStatus(
        new io.fabric8.kubernetes.api.model.PodStatusBuilder().withPhase("Running").build());
    cluster.client.pods().inNamespace("prod").resource(pod).updateStatus();

    ExplainTest.Run r = ExplainTest.explain("vmi", "db-2", "-n", "prod", "-o", "json");
    assertEquals(0, r.code(), r.err());
    JsonNode targets = JSON.readTree(r.out()).path("targets");
    assertEquals("[\"n-ok\"]", targets.path("feasible").toString(), targets.toString());
    assertEquals("true", targets.path("nodeSelector").path(model).asText(), targets.toString());
    assertEquals(3, targets.path("nodes").size());
    ExplainTest.Run text = ExplainTest.explain("vmi", "db-2", "-n", "prod");
    assertTrue(text.out().contains("1 of 3 nodes can take db-2: n-ok"), text.out());
  }

  @Test
  void aMissingVmiAndAnUnreachableClusterAreOneLineAndExitTwo() throws Exception {
    holdings();
    ExplainTest.Run missing = ExplainTest.explain("vmi", "nope", "-n", "prod");
    assertEquals(2, missing.code());
    assertEquals("explain: VirtualMachineInstance prod/nope not found\n", missing.err());
    cluster.pointAt("https://127.0.0.1:1");
    ExplainTest.Run down = ExplainTest.explain("vmi", "db-1", "-n", "prod");
    assertEquals(2, down.code());
    assertTrue(
        down.err()
            .startsWith(
                "explain: cannot get VirtualMachineInstance prod/db-1: cannot reach the API server"),
        down.err());
  }
}
