package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** What forged reviews can leave in the in-flight registry is bounded (issue 26, part 3). */
class InflightRegistryBoundsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Review policy(String name, String big) {
    ObjectNode o = JSON.createObjectNode().put("apiVersion", "migrations.kubevirt.io/v1alpha1");
    o.put("kind", "MigrationPolicy");
    o.putObject("metadata").put("name", name).putObject("annotations").put("big", big);
    o.putObject("spec").putObject("selectors").putObject("namespaceSelector").put("team", name);
    o.with("spec").put("bandwidthPerMigration", big);
    return new Review(Kind.POLICY, Operation.CREATE, o, null, null, "x", FieldValidation.WARN);
  }

  @Test
  void anEntryKeepsOnlyWhatTheRulesCompare() {
    InflightRegistry r = new InflightRegistry(Duration.ofSeconds(10));
    r.admitted(policy("p1", "x".repeat(1_000_000)));
    JsonNode kept = r.policies(List.of()).get(0);
    assertEquals("p1", kept.at("/metadata/name").asText());
    assertEquals("p1", kept.at("/spec/selectors/namespaceSelector/team").asText());
    assertTrue(kept.at("/metadata/annotations").isMissingNode(), kept.toString());
    assertTrue(kept.at("/spec/bandwidthPerMigration").isMissingNode(), kept.toString());
    assertTrue(r.bytes() < 1_000, "bytes " + r.bytes());
  }

  @Test
  void entriesAreCappedAndSweptOnAdmission() {
    AtomicLong now = new AtomicLong();
    InflightRegistry r = new InflightRegistry(Duration.ofSeconds(10), now::get);
    for (int i = 0; i < InflightRegistry.MAX_ENTRIES + 500; i++) {
      r.admitted(policy("p" + i, ""));
      now.addAndGet(1_000); // a microsecond apart: none expires
    }
    assertTrue(r.size() <= InflightRegistry.MAX_ENTRIES, "size " + r.size());
    assertTrue(r.size() >= InflightRegistry.MAX_ENTRIES * 9 / 10, "size " + r.size());
    List<JsonNode> held = r.policies(List.of());
    assertFalse(
        held.stream().anyMatch(p -> p.at("/metadata/name").asText().equals("p0")),
        "oldest evicted");
    now.addAndGet(Duration.ofSeconds(11).toNanos());
    r.admitted(policy("late", ""));
    assertEquals(1, r.size(), "the expired ones were swept by the admission");
    r.sweep();
    now.addAndGet(Duration.ofSeconds(11).toNanos());
    r.sweep();
    assertEquals(0, r.size());
    assertEquals(0, r.bytes());
  }

  @Test
  void anUnseenEntryLapsesAfterTheUnseenTimeWhileTheCachesAreFresh() {
    AtomicLong now = new AtomicLong();
    java.util.concurrent.atomic.AtomicBoolean fresh =
        new java.util.concurrent.atomic.AtomicBoolean();
    InflightRegistry r =
        new InflightRegistry(Duration.ofSeconds(10), Duration.ofSeconds(2), fresh::get, now::get);
    r.admitted(policy("forged", ""));
    now.addAndGet(Duration.ofMillis(2_100).toNanos());
    assertEquals(1, r.policies(List.of()).size(), "caches not watching: the 10 s ttl holds");
    fresh.set(true);
    assertEquals(0, r.policies(List.of()).size(), "fresh caches do not show it after 2 s: gone");
    r.admitted(policy("real", ""));
    now.addAndGet(Duration.ofMillis(1_900).toNanos());
    r.sweep();
    assertEquals(1, r.size(), "within the unseen time it still counts");
    now.addAndGet(Duration.ofMillis(200).toNanos());
    r.sweep();
    assertEquals(0, r.size());
  }

  @Test
  void aLeaseWhoseHolderFreshCachesDoNotShowLapsesAfterTheUnseenTime() {
    java.time.Instant taken = java.time.Instant.parse("2026-01-01T00:00:00Z");
    LeaseTerms terms =
        new LeaseTerms(
            "VirtualMachineInstanceMigration/ns/forged @r1", taken, Duration.ofSeconds(10));
    String other = "VirtualMachineInstanceMigration/ns/evacuation @r2";
    Duration unseen = Duration.ofSeconds(2);
    assertFalse(
        terms.yieldsTo(other, LeaseReservations.Holder.ABSENT, taken.plusMillis(1_900), unseen));
    assertTrue(
        terms.yieldsTo(other, LeaseReservations.Holder.ABSENT, taken.plusMillis(2_000), unseen));
    assertFalse(
        terms.yieldsTo(other, LeaseReservations.Holder.LIVE, taken.plusMillis(5_000), unseen),
        "a holder the caches show keeps it to the end");
  }

  @Test
  void aMigrationKeepsItsVmiNameLabelIdsAndPhase() throws Exception {
    JsonNode vmim =
        JSON.readTree(
            "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstanceMigration\","
                + "\"metadata\":{\"name\":\"m\",\"namespace\":\"ns\",\"labels\":{\"kubevirt.io/vmi-name\":\"vm\",\"other\":\"x\"}},"
                + "\"spec\":{\"vmiName\":\"vm\",\"sendTo\":{\"migrationID\":\"id\",\"connectURL\":\"u\"},\"addedNodeSelector\":{\"a\":\"b\"}},"
                + "\"status\":{\"phase\":\"Running\",\"migrationState\":{}}}");
    JsonNode kept = InflightEntry.slim(Kind.VMIM, vmim);
    assertEquals(
        "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstanceMigration\","
            + "\"metadata\":{\"name\":\"m\",\"namespace\":\"ns\",\"labels\":{\"kubevirt.io/vmi-name\":\"vm\"}},"
            + "\"spec\":{\"vmiName\":\"vm\",\"sendTo\":{\"migrationID\":\"id\"}},"
            + "\"status\":{\"phase\":\"Running\"}}",
        kept.toString());
  }
}
