package io.migrationguard.cluster;

import static io.migrationguard.cluster.Fixtures.create;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.release.Releases;
import io.migrationguard.testing.Await;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.TlsDir;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** AdmissionReviews over HTTPS to {@code /validate}, decided by what the mock API server holds. */
@QuarkusTest
@TestProfile(ClusterWebhookProfile.class)
@WithKubernetesTestServer(crud = true)
class ClusterWebhookTest {
  private static final String NS = "prod";

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;
  @KubernetesTestServer KubernetesServer server;
  @Inject ClusterView view;
  @Inject ClusterRuntime runtime;
  @Inject ReviewGate gate;

  private KubernetesClient client;
  private Wire wire;

  @BeforeEach
  void connect() {
    client = server.getClient();
    wire = new Wire(base, tls.caCertificate());
    Await.until("caches synced", () -> runtime.caches().stream().allMatch(CacheState::synced));
  }

  private static void allowed(JsonNode response) {
    assertTrue(response.path("allowed").asBoolean(), response.toString());
  }

  private static void denied(JsonNode response, int code, String rule, String text) {
    assertEquals(false, response.path("allowed").asBoolean(), response.toString());
    assertEquals(code, response.path("status").path("code").asInt(), response.toString());
    String rules = response.path("auditAnnotations").path("rules").asText();
    assertTrue(List.of(rules.split(",")).contains(rule), rule + " not in " + response);
    String message = response.path("status").path("message").asText();
    assertTrue(message.contains(text), message);
  }

  @Test
  void migrationsAreJudgedByTheVmiAndTheMigrationsInFlight() {
    create(client, ApiResource.VMI, Fixtures.vmi(NS, "web", "Running"));
    create(client, ApiResource.VMI, Fixtures.vmi(NS, "batch", "Failed"));
    create(client, ApiResource.VMI, Fixtures.notMigratableVmi(NS, "db", "DisksNotLiveMigratable"));
    create(client, ApiResource.VMI, Fixtures.vmi(NS, "cache", "Running"));
    create(client, ApiResource.VMI, Fixtures.vmi(NS, "queue", "Running"));
    create(client, ApiResource.VMIM, Fixtures.vmim(NS, "cache-1", "cache", "Scheduling", true));
    create(client, ApiResource.VMIM, Fixtures.vmim(NS, "queue-1", "queue", null, false));
    create(client, ApiResource.VMIM, Fixtures.vmim(NS, "web-0", "web", "Succeeded", true));
    Await.until("migrations cached", () -> view.migrations(NS).size() == 3);

    allowed(wire.validate(Reviews.vmimCreate(NS, "web-1", "web")));
    denied(
        wire.validate(Reviews.vmimCreate(NS, "b-1", "batch")),
        422,
        "vmim-vmi-migratable",
        "Failed");
    denied(
        wire.validate(Reviews.vmimCreate(NS, "n-1", "nope")),
        422,
        "vmim-vmi-migratable",
        "not found");
    denied(
        wire.validate(Reviews.vmimCreate(NS, "db-1", "db")),
        422,
        "vmim-vmi-migratable",
        "DisksNotLiveMigratable");
    allowed(wire.validate(Reviews.vmimSend(NS, "db-2", "db")));
    denied(
        wire.validate(Reviews.vmimCreate(NS, "cache-2", "cache")),
        422,
        "vmim-no-inflight",
        "cache-1");
    denied(
        wire.validate(Reviews.vmimCreate(NS, "queue-2", "queue")),
        422,
        "vmim-no-inflight",
        "queue-1");
  }

  private static List<String> warnings(JsonNode response) {
    List<String> out = new ArrayList<>();
    response.path("warnings").forEach(w -> out.add(w.asText()));
    return out;
  }

  @Test
  void aMigrationNoNodeCanTakeIsAdmittedWithAWarningNamingTheReasons() {
    String model = "cpu-model-migration.node.kubevirt.io/Cascadelake-Server";
    create(client, ApiResource.NODE, Fixtures.node("tn-src", false, model, "true"));
    create(client, ApiResource.NODE, Fixtures.node("tn-cordoned", true, model, "true"));
    create(client, ApiResource.NODE, Fixtures.node("tn-old", false));
    // The API server gives the VMI its uid; the launcher pod is labelled with it.
    String uid =
        create(
                client,
                ApiResource.VMI,
                Fixtures.placedVmi(NS, "tn-db", "tn-db-uid", "tn-src", "host-model"))
            .getMetadata()
            .getUid();
    // A host-model VMI: the target pod needs the source pod's cpu-model-migration label.
    ObjectNode pod =
        Fixtures.launcherPod(NS, "virt-launcher-tn-db-x", uid, "tn-src", model, "true");
    var created = create(client, ApiResource.POD, pod);
    // The mock, as an API server, drops the status of a create: the kubelet's part.
    created.setAdditionalProperty("status", java.util.Map.of("phase", "Running"));
    client
        .genericKubernetesResources(ApiResource.POD.context())
        .inNamespace(NS)
        .resource(created)
        .updateStatus();
    Await.until(
        "nodes cached",
        () -> view.nodes().stream().filter(n -> n.name().startsWith("tn-")).count() == 3);

    // A dry run: the admitted migration is not held in flight, so the second may be judged.
    JsonNode refused = wire.validate(Reviews.vmimCreate(NS, "tn-1", "tn-db"), true);
    allowed(refused);
    // The source pod is read from the API server's watch cache, never from etcd (a drain sends a
    // burst of these): resourceVersion=0.
    List<String> podLists = podListsRecorded();
    assertFalse(podLists.isEmpty(), "no launcher pod list recorded");
    assertTrue(
        podLists.stream().allMatch(p -> p.contains("&resourceVersion=0")), podLists.toString());
    assertTrue(
        List.of(refused.path("auditAnnotations").path("rules").asText().split(","))
            .contains("vmim-target-node"),
        refused.toString());
    assertTrue(
        warnings(refused).stream()
            .anyMatch(
                w ->
                    w.startsWith("spec.vmiName: 0 of 3 nodes can take tn-db: ")
                        && w.contains("1 is the source")
                        && w.contains("1 is cordoned")
                        && w.contains("1 lacks cpu-model-migration")),
        warnings(refused).toString());

    create(client, ApiResource.NODE, Fixtures.node("tn-new", false, model, "true"));
    Await.until(
        "new node cached", () -> view.nodes().stream().anyMatch(n -> n.name().equals("tn-new")));
    JsonNode lands = wire.validate(Reviews.vmimCreate(NS, "tn-2", "tn-db"));
    allowed(lands);
    assertTrue(warnings(lands).stream().noneMatch(w -> w.contains("target pod")), lands.toString());
  }

  @Test
  void policiesAreComparedWithTheOthersButNeverWithThemselves() {
    create(client, ApiResource.POLICY, Fixtures.policy("bronze", "tier", "bronze"));
    Await.until(
        "bronze cached",
        () -> InformerClusterViewTest.names(view.migrationPolicies()).contains("bronze"));
    JsonNode stored =
        view.migrationPolicies().stream()
            .filter(p -> p.path("metadata").path("name").asText().equals("bronze"))
            .findFirst()
            .orElseThrow();

    denied(
        wire.validate(Reviews.policyCreate(Fixtures.policy("bronze-2", "tier", "bronze"))),
        422,
        "policy-selectors-unique",
        "\"bronze\" has the same selectors");
    ObjectNode relabelled = stored.deepCopy();
    ((ObjectNode) relabelled.get("metadata")).putObject("labels").put("owner", "ops");
    allowed(wire.validate(Reviews.policyUpdate(relabelled, stored)));
    JsonNode tie = wire.validate(Reviews.policyCreate(Fixtures.policy("rack-7", "rack", "7")));
    allowed(tie);
    assertEquals("policy-selectors-tie", tie.path("auditAnnotations").path("rules").asText());
    List<String> warnings = new ArrayList<>();
    tie.path("warnings").forEach(w -> warnings.add(w.asText()));
    assertTrue(warnings.stream().anyMatch(w -> w.contains("\"bronze\"")), warnings.toString());
  }

  @Test
  void aDeletedPolicyMakesRoomAndDryRunsAreNotRemembered() {
    create(client, ApiResource.POLICY, Fixtures.policy("legacy", "app", "erp"));
    Await.until(
        "legacy cached",
        () -> InformerClusterViewTest.names(view.migrationPolicies()).contains("legacy"));
    Review successor = Reviews.policyCreate(Fixtures.policy("erp", "app", "erp"));
    denied(wire.validate(successor), 422, "policy-selectors-unique", "legacy");
    Fixtures.delete(client, ApiResource.POLICY, null, "legacy");
    Await.until(
        "legacy gone",
        () -> !InformerClusterViewTest.names(view.migrationPolicies()).contains("legacy"));
    allowed(wire.validate(successor, true));
    allowed(wire.validate(successor, true)); // the dry run left nothing behind
    allowed(wire.validate(successor));
    Review another = Reviews.policyCreate(Fixtures.policy("erp-copy", "app", "erp"));
    denied(wire.validate(another), 422, "policy-selectors-unique", "\"erp\"");
  }

  @Test
  void gatesComeFromTheKubeVirtCr() {
    Review tuned =
        Reviews.policyCreate(Reviews.withMaxDowntime(Fixtures.policy("tuned", "sla", "gold"), 300));
    denied(wire.validate(tuned, true), 422, "policy-max-downtime-gate", "MigrationStallDetection");
    create(
        client,
        ApiResource.KUBEVIRT,
        Fixtures.kubevirt("kubevirt", "kubevirt", "MigrationDowntimeTuning"));
    Await.until(
        "gate read", () -> Releases.MAIN.enabled(view.featureGates(), "MigrationDowntimeTuning"));
    allowed(wire.validate(tuned, true));
    Fixtures.delete(client, ApiResource.KUBEVIRT, "kubevirt", "kubevirt");
    Await.until(
        "defaults", () -> !Releases.MAIN.enabled(view.featureGates(), "MigrationDowntimeTuning"));
  }

  /**
   * A review the caches answer whose key lock is held longer than the event loop waits (5 ms) is
   * judged on a worker once the lock is free: the uniqueness answer, not a 503.
   */
  @Test
  void aBusyKeyMovesTheReviewToAWorkerInsteadOfA503() throws Exception {
    Review review = Reviews.policyCreate(Fixtures.policy("busy-key", "busy", "key"));
    Await.until("the caches answer it on the event loop", () -> !gate.mayBlock(review, false));
    // Held far longer than the event loop waits for a key.
    JsonNode result = Await.behindBusyKey(gate.keyLock(review), 100, () -> wire.validate(review));
    assertTrue(result.path("allowed").asBoolean(), result.toString());
  }

  @Test
  void ofConcurrentDuplicatesExactlyOneIsAdmitted() throws Exception {
    int n = 12;
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<JsonNode>> answers = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Review review = Reviews.policyCreate(Fixtures.policy("dup-" + i, "dup", "same"));
      answers.add(
          pool.submit(
              () -> {
                start.await();
                return wire.validate(review);
              }));
    }
    start.countDown();
    int allowed = 0;
    for (Future<JsonNode> f : answers) {
      JsonNode answer = f.get(60, TimeUnit.SECONDS);
      if (answer.path("allowed").asBoolean()) {
        allowed++;
      } else {
        assertEquals(422, answer.path("status").path("code").asInt(), answer.toString());
      }
    }
    pool.shutdown();
    assertEquals(1, allowed);
  }

  /** The pod LISTs the mock API server received since the last call (its queue is drained). */
  private List<String> podListsRecorded() {
    List<String> out = new ArrayList<>();
    try {
      for (var r = server.getKubernetesMockServer().takeRequest(100, TimeUnit.MILLISECONDS);
          r != null;
          r = server.getKubernetesMockServer().takeRequest(100, TimeUnit.MILLISECONDS)) {
        if (r.getPath().startsWith("/api/v1/namespaces/" + NS + "/pods?")) {
          out.add(r.getPath());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
    return out;
  }
}
