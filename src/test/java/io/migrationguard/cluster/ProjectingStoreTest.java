package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The migrations cache as the informer fills it: stored migrations shaped as virt-controller leaves
 * them (managedFields, migrationState, phase timestamps) keep a few hundred bytes each, finished
 * ones no tree at all, and a relist replaces them in place.
 */
class ProjectingStoreTest {
  private final MigrationIndexes indexes = new MigrationIndexes();
  private final ProjectingStore store =
      new ProjectingStore(Projectors.of(ApiResource.VMIM), indexes);

  @Test
  void finishedMigrationsKeepTheirPhaseOnlyAndStayOutOfTheIndexes() {
    put(stored("ns", "done", "vm-a", "Succeeded"));
    put(stored("ns", "running", "vm-a", "Running"));
    Projection done = store.projection("ns/done");
    assertNull(done.tree());
    assertEquals("Succeeded", done.finishedPhase());
    assertEquals(Set.of("ns/running"), indexes.unfinished());
    assertEquals(Set.of("ns/running"), indexes.targeting("ns", "vm-a"));
    JsonNode running = store.projection("ns/running").tree();
    assertEquals("Running", running.at("/status/phase").asText());
    assertEquals("node-1", running.at("/status/migrationState/sourceNode").asText());
    assertTrue(running.path("metadata").path("managedFields").isMissingNode());
    // The informer reads back the key and the version, nothing else.
    GenericKubernetesResource stub = store.get("ns/done");
    assertEquals("done", stub.getMetadata().getName());
    assertEquals("ns", stub.getMetadata().getNamespace());
    assertEquals("7", stub.getMetadata().getResourceVersion());
  }

  @Test
  void aMigrationThatFinishesLeavesTheIndexesAndOneDeletedLeavesTheStore() {
    put(stored("ns", "m", "vm-a", "Running"));
    put(stored("ns", "m", "vm-a", "Failed"));
    assertTrue(indexes.unfinished().isEmpty());
    assertTrue(indexes.targeting("ns", "vm-a").isEmpty());
    assertNotNull(store.remove("ns/m"));
    assertNull(store.projection("ns/m"));
    assertEquals(0, store.size());
  }

  @Test
  void theSnapshotOfEveryTreeChangesOnlyWithTheStore() {
    put(stored("ns", "a", "vm-a", "Running"));
    List<JsonNode> first = store.trees();
    assertSame(first, store.trees());
    put(stored("ns", "b", "vm-b", "Scheduling"));
    assertEquals(2, store.trees().size());
  }

  @Test
  void twentyThousandStoredMigrationsFitInAFewMegabytesAndARelistDoesNotGrowThem() {
    int n = 20_000;
    long before = usedHeapAfterGc();
    listAll(n);
    long held = usedHeapAfterGc() - before;
    // Whole trees took about 40 KB each; the bound leaves room for a noisy measurement.
    assertTrue(held < n * 1_000L, "heap held by " + n + " migrations: " + held + " bytes");
    listAll(n); // a relist after a 410: the same objects again
    assertEquals(n, store.size());
    assertEquals(20, indexes.unfinished().size());
    long relisted = usedHeapAfterGc() - before;
    assertTrue(relisted < n * 1_000L, "after a relist: " + relisted + " bytes");
  }

  /** {@code n} migrations in 200 namespaces, 5 a VMI, one in 1,000 running. */
  private void listAll(int n) {
    for (int i = 0; i < n; i++) {
      String phase = i % 1000 == 0 ? "Running" : "Succeeded";
      put(stored("ns-" + (i % 200), "m-" + i, "vm-" + (i / 5), phase));
    }
  }

  private void put(GenericKubernetesResource o) {
    store.put(store.getKey(o), o);
  }

  private static long usedHeapAfterGc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** A migration as a cluster stores it once virt-controller has run it (about 3 KB of JSON). */
  static GenericKubernetesResource stored(String ns, String name, String vmi, String phase) {
    String json =
        """
        {"apiVersion":"kubevirt.io/v1","kind":"VirtualMachineInstanceMigration",
         "metadata":{"name":"%2$s","namespace":"%1$s","resourceVersion":"7",
          "uid":"6f1c2a4e-0b7d-4c3e-9a51-%4$012d","generation":1,
          "creationTimestamp":"2026-11-30T02:10:00Z",
          "labels":{"kubevirt.io/vmi-name":"%3$s","kubevirt.io/created-by":"evacuation"},
          "annotations":{"kubevirt.io/latest-observed-api-version":"v1",
            "kubevirt.io/storage-observed-api-version":"v1"},
          "finalizers":["kubevirt.io/migrationJobFinalize"],
          "managedFields":[
           {"manager":"virt-controller","operation":"Update","apiVersion":"kubevirt.io/v1",
            "time":"2026-11-30T02:10:00Z","fieldsType":"FieldsV1",
            "fieldsV1":{"f:metadata":{"f:annotations":{".":{},"f:kubevirt.io/latest-observed-api-version":{},
             "f:kubevirt.io/storage-observed-api-version":{}},"f:finalizers":{".":{},
             "v:\\"kubevirt.io/migrationJobFinalize\\"":{}},"f:labels":{".":{},"f:kubevirt.io/vmi-name":{}}},
             "f:spec":{".":{},"f:vmiName":{}}}},
           {"manager":"virt-controller","operation":"Update","apiVersion":"kubevirt.io/v1",
            "time":"2026-11-30T02:11:00Z","fieldsType":"FieldsV1","subresource":"status",
            "fieldsV1":{"f:status":{".":{},"f:migrationState":{".":{},"f:endTimestamp":{},
             "f:migrationUid":{},"f:mode":{},"f:sourceNode":{},"f:sourcePod":{},"f:startTimestamp":{},
             "f:targetNode":{},"f:targetNodeAddress":{},"f:targetPod":{}},"f:phase":{},
             "f:phaseTransitionTimestamps":{}}}}]},
         "spec":{"vmiName":"%3$s"},
         "status":{"phase":"%5$s",
          "phaseTransitionTimestamps":[
           {"phase":"Pending","phaseTransitionTimestamp":"2026-11-30T02:10:00Z"},
           {"phase":"Scheduling","phaseTransitionTimestamp":"2026-11-30T02:10:01Z"},
           {"phase":"Scheduled","phaseTransitionTimestamp":"2026-11-30T02:10:09Z"},
           {"phase":"PreparingTarget","phaseTransitionTimestamp":"2026-11-30T02:10:09Z"},
           {"phase":"TargetReady","phaseTransitionTimestamp":"2026-11-30T02:10:12Z"},
           {"phase":"Running","phaseTransitionTimestamp":"2026-11-30T02:10:12Z"},
           {"phase":"Succeeded","phaseTransitionTimestamp":"2026-11-30T02:10:58Z"}],
          "migrationState":{"migrationUid":"6f1c2a4e-0b7d-4c3e-9a51-%4$012d","mode":"PreCopy",
           "sourceNode":"node-1","targetNode":"node-2","targetNodeAddress":"10.0.0.2",
           "sourcePod":"virt-launcher-%3$s-abcde","targetPod":"virt-launcher-%3$s-fghij",
           "startTimestamp":"2026-11-30T02:10:12Z","endTimestamp":"2026-11-30T02:10:58Z",
           "completed":true,"migrationConfiguration":{"allowAutoConverge":false,
            "allowPostCopy":false,"bandwidthPerMigration":"0","completionTimeoutPerGiB":150,
            "nodeDrainTaintKey":"kubevirt.io/drain","parallelMigrationsPerCluster":5,
            "parallelOutboundMigrationsPerNode":2,"progressTimeout":150,
            "unsafeMigrationOverride":false}}}}
        """
            .formatted(ns, name, vmi, Math.abs(name.hashCode()), phase);
    return Serialization.unmarshal(json, GenericKubernetesResource.class);
  }
}
