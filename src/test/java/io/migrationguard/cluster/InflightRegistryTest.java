package io.migrationguard.cluster;

import static io.migrationguard.cluster.InformerClusterViewTest.names;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class InflightRegistryTest {
  private final AtomicLong now = new AtomicLong();
  private final InflightRegistry registry = new InflightRegistry(Duration.ofSeconds(30), now::get);

  private static Review review(Kind kind, Operation op, JsonNode object, JsonNode old) {
    return new Review(kind, op, object, old, null, "u", FieldValidation.STRICT);
  }

  private static ObjectNode withVersion(ObjectNode o, String rv) {
    ((ObjectNode) o.get("metadata")).put("resourceVersion", rv);
    return o;
  }

  @Test
  void anAdmittedPolicyIsInTheClusterUntilTheCacheShowsIt() {
    registry.admitted(review(Kind.POLICY, Operation.CREATE, Fixtures.policy("p", "a", "b"), null));
    assertEquals(List.of("p"), names(registry.policies(List.of())));
    // the informer shows it: the stored object replaces the entry, which leaves
    ObjectNode stored = withVersion(Fixtures.policy("p", "a", "b"), "7");
    assertEquals(List.of(stored), registry.policies(List.of(stored)));
    assertEquals(0, registry.size());
  }

  @Test
  void anEntryExpiresAfterTheTtl() {
    registry.admitted(review(Kind.POLICY, Operation.CREATE, Fixtures.policy("p", "a", "b"), null));
    now.addAndGet(Duration.ofSeconds(29).toNanos());
    assertEquals(1, registry.policies(List.of()).size());
    now.addAndGet(Duration.ofSeconds(1).toNanos());
    assertEquals(List.of(), registry.policies(List.of()));
    assertEquals(0, registry.size());
  }

  @Test
  void anUpdateOverridesTheCachedVersionUntilANewerOneArrives() {
    ObjectNode old = withVersion(Fixtures.policy("p", "a", "old"), "5");
    ObjectNode updated = withVersion(Fixtures.policy("p", "a", "new"), "5");
    registry.admitted(review(Kind.POLICY, Operation.UPDATE, updated, old));
    List<JsonNode> seen = registry.policies(List.of(old));
    assertEquals(List.of(updated), seen);
    ObjectNode stored = withVersion(Fixtures.policy("p", "a", "new"), "6");
    assertEquals(List.of(stored), registry.policies(List.of(stored)));
    assertEquals(0, registry.size());
  }

  @Test
  void anUpdateThatKeepsTheSelectorsIsNotRecorded() {
    ObjectNode old = withVersion(Fixtures.policy("p", "a", "same"), "5");
    ObjectNode relabelled = withVersion(Fixtures.policy("p", "a", "same"), "5");
    ((ObjectNode) relabelled.get("metadata")).putObject("labels").put("team", "ops");
    registry.admitted(review(Kind.POLICY, Operation.UPDATE, relabelled, old));
    assertEquals(0, registry.size());
    assertEquals(List.of(old), registry.policies(List.of(old)));
  }

  @Test
  void migrationsArePerNamespaceAndUnnamedOnesWaitForTheTtl() {
    registry.admitted(
        review(Kind.VMIM, Operation.CREATE, Fixtures.vmim("ns", "m1", "vm", null, false), null));
    ObjectNode unnamed = Fixtures.vmim("ns", "", "vm2", null, false);
    registry.admitted(review(Kind.VMIM, Operation.CREATE, unnamed, null));
    assertEquals(List.of(), registry.migrations("other", List.of()));
    assertEquals(List.of("", "m1"), names(registry.migrations("ns", List.of())));
    ObjectNode stored = withVersion(Fixtures.vmim("ns", "m1", "vm", null, true), "3");
    assertEquals(2, registry.migrations("ns", List.of(stored)).size());
    assertEquals(1, registry.size());
    now.addAndGet(Duration.ofSeconds(30).toNanos());
    assertEquals(List.of(stored), registry.migrations("ns", List.of(stored)));
  }
}
