package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.release.Releases;
import java.util.List;
import org.junit.jupiter.api.Test;

class KubeVirtChoiceTest {
  private static ObjectNode kv(String ns, String created, String deleting, String... gates) {
    ObjectNode kv = Fixtures.kubevirt(ns, "kubevirt", gates);
    ObjectNode meta = (ObjectNode) kv.get("metadata");
    if (created != null) {
      meta.put("creationTimestamp", created);
    }
    if (deleting != null) {
      meta.put("deletionTimestamp", deleting);
    }
    return kv;
  }

  @Test
  void noCrGivesTheDefaults() {
    assertTrue(KubeVirtChoice.pick(List.of()).isEmpty());
    assertTrue(
        Releases.MAIN.enabled(KubeVirtChoice.gates(List.of()), "DecentralizedLiveMigration"));
    assertFalse(Releases.MAIN.enabled(KubeVirtChoice.gates(List.of()), "MigrationStallDetection"));
  }

  @Test
  void theOneNotBeingDeletedWinsOverAnOlderOneBeingDeleted() {
    var old = kv("a", "2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z", "MigrationStallDetection");
    var live = kv("b", "2025-06-01T00:00:00Z", null, "MigrationDowntimeTuning");
    var gates = KubeVirtChoice.gates(List.of(old, live));
    assertTrue(Releases.MAIN.enabled(gates, "MigrationDowntimeTuning"));
    assertFalse(Releases.MAIN.enabled(gates, "MigrationStallDetection"));
  }

  @Test
  void thenTheOldestThenTheName() {
    var newer = kv("a", "2025-06-01T00:00:00Z", null);
    var older = kv("z", "2024-06-01T00:00:00+02:00", null);
    assertEquals(older, KubeVirtChoice.pick(List.of(newer, older)).orElseThrow());
    var undated = kv("b", null, null);
    assertEquals(older, KubeVirtChoice.pick(List.of(undated, older)).orElseThrow());
    var sameA = kv("a", "2024-06-01T00:00:00Z", null);
    var sameB = kv("b", "2024-06-01T00:00:00Z", null);
    assertEquals(sameA, KubeVirtChoice.pick(List.of(sameB, sameA)).orElseThrow());
  }
}
