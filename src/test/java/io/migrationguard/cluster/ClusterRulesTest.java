package io.migrationguard.cluster;

import static io.migrationguard.cluster.Fixtures.create;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.release.Releases;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.testing.Await;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The cluster rules of the real engine, judged through the gate against the mock API server. */
@QuarkusTest
@TestProfile(ClusterOnProfile.class)
@WithKubernetesTestServer(crud = true)
class ClusterRulesTest {
  private static final String NS = "vms";

  @KubernetesTestServer KubernetesServer server;
  @Inject ReviewGate gate;
  @Inject ClusterView view;
  @Inject ClusterRuntime runtime;

  private final Engine engine = Engine.standard(Settings.defaults().forRelease(Releases.MAIN));
  private KubernetesClient client;

  @BeforeEach
  void connect() {
    client = server.getClient();
    Await.until("caches synced", () -> runtime.caches().stream().allMatch(CacheState::synced));
  }

  private Decision judge(Review review) {
    return gate.admit(review, false, v -> engine.validate(review, v));
  }

  private static String errorRules(Decision d) {
    return d.errors().stream().map(Finding::rule).distinct().collect(Collectors.joining(","));
  }

  @Test
  void vmiMustExistRunAndBeMigratable() {
    create(client, ApiResource.VMI, Fixtures.vmi(NS, "vm-run", "Running"));
    create(client, ApiResource.VMI, Fixtures.vmi(NS, "vm-done", "Succeeded"));
    create(
        client,
        ApiResource.VMI,
        Fixtures.notMigratableVmi(NS, "vm-disk", "DisksNotLiveMigratable"));
    create(
        client,
        ApiResource.VMI,
        Fixtures.notMigratableVmi(NS, "vm-hostdev", "HostDeviceNotLiveMigratable"));

    assertTrue(judge(Reviews.vmimCreate(NS, "m-run", "vm-run")).allowed());
    Decision done = judge(Reviews.vmimCreate(NS, "m-done", "vm-done"));
    assertEquals("vmim-vmi-migratable", errorRules(done));
    assertTrue(done.errors().get(0).detail().contains("Succeeded"), done.errors().get(0).detail());
    assertEquals(
        "vmim-vmi-migratable", errorRules(judge(Reviews.vmimCreate(NS, "m-x", "vm-absent"))));
    assertEquals(
        "vmim-vmi-migratable", errorRules(judge(Reviews.vmimCreate(NS, "m-d", "vm-disk"))));
    Decision hostdev = judge(Reviews.vmimCreate(NS, "m-h", "vm-hostdev"));
    assertTrue(hostdev.errors().get(0).detail().contains("HostDeviceNotLiveMigratable"));
    // a decentralized migration copies the disks: DisksNotLiveMigratable does not stop it
    assertTrue(judge(Reviews.vmimSend(NS, "m-send", "vm-disk")).allowed());
    assertEquals(
        "vmim-vmi-migratable", errorRules(judge(Reviews.vmimSend(NS, "m-s2", "vm-hostdev"))));
  }

  @Test
  void oneMigrationInFlightPerVmi() {
    for (String vm : List.of("vm-a", "vm-b", "vm-c")) {
      create(client, ApiResource.VMI, Fixtures.vmi(NS, vm, "Running"));
    }
    create(client, ApiResource.VMIM, Fixtures.vmim(NS, "a-running", "vm-a", "Running", true));
    create(client, ApiResource.VMIM, Fixtures.vmim(NS, "b-unlabelled", "vm-b", null, false));
    create(client, ApiResource.VMIM, Fixtures.vmim(NS, "c-finished", "vm-c", "Succeeded", true));
    Await.until("migrations cached", () -> view.migrations(NS).size() >= 3);

    Decision a = judge(Reviews.vmimCreate(NS, "a-2", "vm-a"));
    assertEquals("vmim-no-inflight", errorRules(a));
    assertTrue(a.errors().get(0).detail().contains("a-running"), a.errors().get(0).detail());
    assertEquals("vmim-no-inflight", errorRules(judge(Reviews.vmimCreate(NS, "b-2", "vm-b"))));
    assertTrue(judge(Reviews.vmimCreate(NS, "c-2", "vm-c")).allowed());
    // admitted a moment ago, not in the cache yet: a second one is still a duplicate
    assertEquals("vmim-no-inflight", errorRules(judge(Reviews.vmimCreate(NS, "c-3", "vm-c"))));
  }

  @Test
  void theFieldRulesReadTheVmiTheMigrationsAndTheKubeVirtLimits() {
    ObjectNode vmi = Fixtures.vmi(NS, "vm-q", "Running");
    ((ObjectNode) vmi.get("status")).put("nodeName", "node-q");
    vmi.putObject("spec").putObject("nodeSelector").put("zone", "a");
    create(client, ApiResource.VMI, vmi);
    ObjectNode leaving = Fixtures.vmim("other", "leaving-q", "vm-elsewhere", "Running", true);
    ((ObjectNode) leaving.get("status")).putObject("migrationState").put("sourceNode", "node-q");
    create(client, ApiResource.VMIM, leaving);
    ObjectNode kv = Fixtures.kubevirt("kubevirt", "limits");
    ((ObjectNode) kv.at("/spec/configuration"))
        .putObject("migrations")
        .put("parallelMigrationsPerCluster", 100)
        .put("parallelOutboundMigrationsPerNode", 1);
    create(client, ApiResource.KUBEVIRT, kv);
    Await.until(
        "limits read",
        () ->
            view.migrationConfiguration().path("parallelOutboundMigrationsPerNode").asInt() == 1
                && view.unfinishedMigrations().stream()
                    .anyMatch(m -> m.at("/metadata/name").asText().equals("leaving-q")));
    try {
      Decision queued = judge(Reviews.vmimCreate(NS, "q-1", "vm-q"));
      assertTrue(queued.allowed(), queued.toString());
      assertEquals(
          List.of("vmim-will-queue"),
          queued.warnings().stream().map(Finding::rule).distinct().toList());
      assertTrue(
          queued.warnings().get(0).detail().contains("1 migrations are leaving node \"node-q\""),
          queued.warnings().get(0).detail());
      ObjectNode pinned = Fixtures.vmim(NS, "q-2", "vm-q", null, false);
      ((ObjectNode) pinned.get("spec"))
          .putObject("addedNodeSelector")
          .put("kubernetes.io/hostname", "node-q")
          .put("zone", "b");
      Decision d = judge(Reviews.vmimCreate(pinned));
      // q-1, admitted a moment ago, is in flight for the same VMI as well.
      assertEquals("vmim-added-node-selector,vmim-no-inflight", errorRules(d));
      assertTrue(
          d.errors().stream().anyMatch(f -> f.detail().contains("already runs")), d.toString());
      assertTrue(
          d.warnings().stream()
              .anyMatch(
                  f -> f.rule().equals("vmim-added-node-selector") && f.detail().contains("wins")),
          d.toString());
    } finally {
      Fixtures.delete(client, ApiResource.KUBEVIRT, "kubevirt", "limits");
    }
  }

  @Test
  void aForgedCreateHoldsItsVmiBackOnlyForTheUnseenTime() throws Exception {
    create(client, ApiResource.VMI, Fixtures.vmi(NS, "vm-f", "Running"));
    Await.until("vmi cached", () -> view.vmi(NS, "vm-f").isPresent());
    // Admitted, then never written (as a forged review, or one another webhook denied).
    long admitted = System.nanoTime();
    assertTrue(judge(Reviews.vmimCreate(NS, "forged", "vm-f")).allowed());
    assertEquals("vmim-no-inflight", errorRules(judge(Reviews.vmimCreate(NS, "f-2", "vm-f"))));
    Await.until(
        Duration.ofSeconds(15),
        () -> judge(Reviews.vmimCreate(NS, "evacuation", "vm-f")),
        Decision::allowed,
        "the VMI released after the unseen time");
    long heldMs = (System.nanoTime() - admitted) / 1_000_000;
    System.out.printf("a forged migration create held its VMI back for %d ms%n", heldMs);
    assertTrue(heldMs >= 1_900, "released after " + heldMs + " ms, before the unseen time");
  }

  @Test
  void policySelectorsAreUniqueAndAnUpdateNeverConflictsWithItself() {
    ObjectNode gold = Fixtures.policy("gold", "tier", "gold");
    create(client, ApiResource.POLICY, gold);
    Await.until("gold cached", () -> names(view.migrationPolicies()).contains("gold"));

    Decision dup = judge(Reviews.policyCreate(Fixtures.policy("gold-2", "tier", "gold")));
    assertEquals("policy-selectors-unique", errorRules(dup));
    assertTrue(dup.errors().get(0).detail().contains("\"gold\""), dup.errors().get(0).detail());
    ObjectNode stored =
        (ObjectNode)
            view.migrationPolicies().stream()
                .filter(p -> p.path("metadata").path("name").asText().equals("gold"))
                .findFirst()
                .orElseThrow();
    Decision update = judge(Reviews.policyUpdate(stored.deepCopy(), stored));
    assertTrue(update.allowed(), update.toString());

    Decision tie = judge(Reviews.policyCreate(Fixtures.policy("zone-a", "zone", "a")));
    assertTrue(tie.allowed());
    assertEquals(
        List.of("policy-selectors-tie"), tie.warnings().stream().map(Finding::rule).toList());
  }

  @Test
  void aDeletedPolicyNoLongerConflicts() {
    create(client, ApiResource.POLICY, Fixtures.policy("old", "team", "red"));
    Await.until("old cached", () -> names(view.migrationPolicies()).contains("old"));
    ObjectNode successor = Fixtures.policy("successor", "team", "red");
    assertFalse(judge(Reviews.policyCreate(successor)).allowed());
    Fixtures.delete(client, ApiResource.POLICY, null, "old");
    Await.until("old gone", () -> !names(view.migrationPolicies()).contains("old"));
    assertTrue(judge(Reviews.policyCreate(successor)).allowed());
  }

  @Test
  void gatesFollowTheKubeVirtCr() {
    create(client, ApiResource.VMI, Fixtures.vmi(NS, "vm-gate", "Running"));
    create(client, ApiResource.VMI, Fixtures.vmi(NS, "vm-gate-2", "Running"));
    ObjectNode tuned = Reviews.withMaxDowntime(Fixtures.policy("tuned", "gate", "x"), 500);
    assertEquals("policy-max-downtime-gate", errorRules(judge(Reviews.policyCreate(tuned))));
    assertTrue(judge(Reviews.vmimSend(NS, "g-1", "vm-gate")).allowed()); // Beta: on by default

    ObjectNode kv = Fixtures.kubevirt("kubevirt", "kubevirt", "MigrationStallDetection");
    ((ObjectNode) kv.at("/spec/configuration/developerConfiguration"))
        .putArray("disabledFeatureGates")
        .add("DecentralizedLiveMigration");
    create(client, ApiResource.KUBEVIRT, kv);
    Await.until(
        "gates read", () -> Releases.MAIN.enabled(view.featureGates(), "MigrationStallDetection"));
    assertTrue(judge(Reviews.policyCreate(tuned)).allowed());
    assertEquals(
        "vmim-decentralized-gate", errorRules(judge(Reviews.vmimSend(NS, "g-2", "vm-gate-2"))));
    Fixtures.delete(client, ApiResource.KUBEVIRT, "kubevirt", "kubevirt");
    Await.until(
        "defaults again",
        () -> !Releases.MAIN.enabled(view.featureGates(), "MigrationStallDetection"));
  }

  @Test
  void ofRacingDuplicatePoliciesExactlyOneIsAdmitted() throws Exception {
    int n = 16;
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<Decision>> results = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Review review = Reviews.policyCreate(Fixtures.policy("race-" + i, "race", "same"));
      results.add(
          pool.submit(
              () -> {
                start.await();
                return judge(review);
              }));
    }
    start.countDown();
    int allowed = 0;
    for (Future<Decision> f : results) {
      allowed += f.get(30, TimeUnit.SECONDS).allowed() ? 1 : 0;
    }
    pool.shutdown();
    assertEquals(1, allowed);
  }

  /**
   * A caller off the event loop (a test, a tool) waits for a busy key: found as a flaky failure of
   * the test above, whose racing threads got ReviewGate.MustWait, meant only for the HTTP handler.
   */
  @Test
  void aCallerOffTheEventLoopWaitsForABusyKey() throws Exception {
    Review review = Reviews.policyCreate(Fixtures.policy("busy-0", "busy", "key"));
    Await.until("the caches answer it", () -> !gate.mayBlock(review, false));
    // Held far longer than the event loop waits for a key.
    assertTrue(Await.behindBusyKey(gate.keyLock(review), 50, () -> judge(review)).allowed());
  }

  private static List<String> names(List<com.fasterxml.jackson.databind.JsonNode> objects) {
    return InformerClusterViewTest.names(objects);
  }
}
