package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.cluster.ApiResource;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code explain drain NODE} on a small mock cluster: each VMI's eviction strategy (its own, the
 * CR's), LiveMigratable, the nodes that could take it with the drained node cordoned, and the
 * verdict with exit 1 when a VMI blocks.
 */
class ExplainDrainTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;
  private MockCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new MockCluster(tmp);
    for (String node : new String[] {"n1", "n2", "n3"}) {
      cluster.create(
          ApiResource.NODE,
          "apiVersion: v1\nkind: Node\nmetadata: {name: "
              + node
              + ", labels: {kubevirt.io/schedulable: 'true', kubernetes.io/arch: amd64"
              + (node.equals("n1") ? ", disk: ssd" : "")
              + "}}\n"
              + (node.equals("n3") ? "spec: {taints: [{key: gpu, effect: NoSchedule}]}\n" : ""));
    }
    cluster.create(
        ApiResource.KUBEVIRT,
        "apiVersion: kubevirt.io/v1\nkind: KubeVirt\nmetadata: {name: kubevirt, namespace:"
            + " kubevirt}\nspec: {configuration: {evictionStrategy: LiveMigrate}}\n"
            + "status: {observedKubeVirtVersion: v1.9.0}\n");
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  private void vmi(String name, String node, String spec, String migratable) throws Exception {
    cluster.create(
        ApiResource.VMI,
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata: {name: "
            + name
            + ", namespace: prod}\nspec: {architecture: amd64, domain: {cpu: {model:"
            + " host-passthrough}}"
            + spec
            + "}\nstatus: {phase: Running, nodeName: "
            + node
            + ", conditions: [{type: LiveMigratable, status: '"
            + migratable
            + "'"
            + (migratable.equals("False") ? ", reason: HostDeviceNotLiveMigratable" : "")
            + "}]}\n");
  }

  private static Map<String, String> outcomes(JsonNode o) {
    Map<String, String> out = new HashMap<>();
    for (JsonNode v : o.path("vmis")) {
      out.put(
          v.path("name").asText(),
          v.path("outcome").asText()
              + " "
              + v.path("evictionStrategy").asText()
              + "/"
              + v.path("evictionStrategyFrom").asText()
              + " "
              + v.path("feasibleNodes").asText());
    }
    return out;
  }

  @Test
  void blockingVmisAreNamedWithWhyAndExitOne() throws Exception {
    vmi("web", "n1", "", "True");
    vmi("db", "n1", ", nodeSelector: {disk: ssd}", "True");
    vmi("legacy", "n1", "", "False");
    vmi("batch", "n1", ", evictionStrategy: None", "False");
    vmi("elsewhere", "n2", "", "True");

    ExplainTest.Run r = ExplainTest.explain("drain", "n1", "-o", "json");
    assertEquals(1, r.code(), r.out() + r.err());
    JsonNode o = JSON.readTree(r.out());
    assertEquals(
        Map.of(
            "web", "migrates LiveMigrate/kubevirt 1",
            "db", "blocks LiveMigrate/kubevirt 0",
            "legacy", "blocks LiveMigrate/kubevirt null",
            "batch", "stops None/vmi null"),
        outcomes(o));
    assertEquals("[\"prod/db\",\"prod/legacy\"]", o.path("blocking").toString());
    assertEquals("2 of 4 VMIs block the drain", o.path("verdict").asText());
    JsonNode db =
        o.path("vmis").findParents("name").stream()
            .filter(v -> v.path("name").asText().equals("db"))
            .findFirst()
            .orElseThrow();
    assertTrue(
        db.path("why")
            .asText()
            .contains("1 is the source, 1 has taint gpu:NoSchedule, 1 lacks disk=ssd"),
        db.toString());

    ExplainTest.Run text = ExplainTest.explain("drain", "n1");
    assertEquals(1, text.code());
    assertTrue(text.out().contains("2 of 4 VMIs block the drain"), text.out());
    assertTrue(
        text.out()
            .contains("blocks: prod/legacy: not live-migratable (HostDeviceNotLiveMigratable)"),
        text.out());
  }

  @Test
  void aDrainThatMovesEveryVmiExitsZero() throws Exception {
    vmi("web", "n1", "", "True");
    vmi("api", "n1", ", evictionStrategy: LiveMigrateIfPossible", "True");
    ExplainTest.Run r = ExplainTest.explain("drain", "n1");
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("the drain will move every VMI (2)"), r.out());
    ExplainTest.Run missing = ExplainTest.explain("drain", "n9");
    assertEquals(2, missing.code());
    assertEquals("explain drain: node n9 not found\n", missing.err());
  }
}
