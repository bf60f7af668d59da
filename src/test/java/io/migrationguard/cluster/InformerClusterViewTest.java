package io.migrationguard.cluster;

import static io.migrationguard.cluster.Fixtures.create;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.release.Releases;
import io.migrationguard.testing.Await;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The informer view against the fabric8 mock API server: what it answers, and how it follows. */
@QuarkusTest
@TestProfile(ClusterOnProfile.class)
@WithKubernetesTestServer(crud = true)
class InformerClusterViewTest {
  @KubernetesTestServer KubernetesServer server;
  @Inject ClusterView view;
  @Inject ClusterRuntime runtime;
  @Inject KubernetesClient serviceClient;

  KubernetesClient client;

  @BeforeEach
  void connect() {
    client = server.getClient();
    Await.until("caches synced", () -> runtime.caches().stream().allMatch(CacheState::synced));
  }

  @Test
  void clusterModeIsOnAndTheViewIsTheInformerView() {
    assertEquals(ClusterMode.ON, runtime.mode());
    assertTrue(view.supports().containsAll(ClusterView.none().supports()));
    assertEquals(6, view.supports().size());
  }

  @Test
  void theServicesClientDecodesObjectsWithoutTheirManagedFields() {
    String listed =
        "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstanceMigration\","
            + "\"metadata\":{\"name\":\"m\",\"namespace\":\"ns\",\"managedFields\":"
            + "[{\"manager\":\"virt-controller\",\"operation\":\"Update\","
            + "\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:spec\":{}}}]},"
            + "\"spec\":{\"vmiName\":\"vm\"}}";
    var decoded =
        serviceClient
            .getKubernetesSerialization()
            .unmarshal(listed, io.fabric8.kubernetes.api.model.GenericKubernetesResource.class);
    assertEquals("m", decoded.getMetadata().getName());
    assertTrue(decoded.getMetadata().getManagedFields().isEmpty());
    assertEquals("vm", decoded.get("spec", "vmiName"));
  }

  @Test
  void vmiIsALiveGet() {
    create(client, ApiResource.VMI, Fixtures.vmi("vms", "running", "Running"));
    JsonNode vmi = view.vmi("vms", "running").orElseThrow();
    assertEquals("Running", vmi.path("status").path("phase").asText());
    assertTrue(view.vmi("vms", "absent").isEmpty());
    assertTrue(view.vmi("other", "running").isEmpty());
    // names that cannot exist are not even asked for
    assertTrue(view.vmi("vms", "../running").isEmpty());
    assertTrue(view.vmi("vms", "Running").isEmpty());
  }

  @Test
  void migrationsFollowTheWatchPerNamespaceAndByTarget() {
    create(client, ApiResource.VMIM, Fixtures.vmim("mig", "m-labelled", "vm-a", "Running", true));
    create(client, ApiResource.VMIM, Fixtures.vmim("mig", "m-unlabelled", "vm-a", null, false));
    create(client, ApiResource.VMIM, Fixtures.vmim("mig", "m-b", "vm-b", "Succeeded", true));
    create(client, ApiResource.VMIM, Fixtures.vmim("elsewhere", "m-c", "vm-a", "Running", true));
    Await.until("three migrations in mig", () -> view.migrations("mig").size() == 3);
    Await.until("one migration elsewhere", () -> view.migrations("elsewhere").size() == 1);
    assertEquals(List.of("m-labelled", "m-unlabelled"), names(view.migrationsOf("mig", "vm-a")));
    // A finished migration is kept as its name and phase only, outside the target index: no rule
    // counts it (StoredProjection), and the reservation Leases still see that it finished.
    assertTrue(view.migrationsOf("mig", "vm-b").isEmpty());
    JsonNode finished = view.migration("mig", "m-b").orElseThrow();
    assertEquals("Succeeded", finished.path("status").path("phase").asText());
    assertTrue(finished.path("spec").isMissingNode());
    assertEquals(
        "Running", view.migration("mig", "m-labelled").orElseThrow().at("/status/phase").asText());
    assertTrue(view.migration("mig", "absent").isEmpty());
    assertEquals(List.of("m-c"), names(view.migrationsOf("elsewhere", "vm-a")));
    assertTrue(view.migrationsOf("mig", "vm-z").isEmpty());
  }

  @Test
  void aPolicyIsComparedOnlyWithThePoliciesItMayEqualOrTieWith() {
    for (int i = 0; i < 20; i++) {
      create(client, ApiResource.POLICY, Fixtures.policy("idx-" + i, "idx-tier", "t" + i));
    }
    Await.until(
        "20 policies cached",
        () ->
            names(view.migrationPolicies()).stream().filter(n -> n.startsWith("idx-")).count()
                == 20);
    // Every policy of the bucket has idx-tier: only the one with the same value is a candidate.
    JsonNode review = Fixtures.policy("idx-new", "idx-tier", "t7");
    // (Policies of other tests share the server: only this test's are looked at.)
    assertEquals(List.of("idx-7"), ours(view.policiesComparableWith(review)));
    // A change is seen by the next review (the index is rebuilt after it).
    create(client, ApiResource.POLICY, Fixtures.policy("idx-twin", "idx-tier", "t7"));
    Await.until(
        "the twin is a candidate",
        () -> ours(view.policiesComparableWith(review)).equals(List.of("idx-7", "idx-twin")));
  }

  @Test
  void oneReviewReadsThePoliciesItIsComparedWithOnceUntilAnEntryInFlightComesOrGoes() {
    create(client, ApiResource.POLICY, Fixtures.policy("memo-a", "memo-tier", "x"));
    Await.until("memo-a cached", () -> names(view.migrationPolicies()).contains("memo-a"));
    ClusterView oneReview =
        ((InformerClusterView) runtime.view()).within(Deadline.after(Duration.ofSeconds(10)));
    JsonNode review = Fixtures.policy("memo-new", "memo-tier", "x");
    long generation = runtime.inflight().generation();
    List<JsonNode> first = oneReview.policiesComparableWith(review);
    assertEquals(List.of("memo-a"), ours(first, "memo-"));
    // The next selector rule of the same judgement: the same answer, not read again (as long as
    // nothing came or went in flight, which nothing in this class makes happen).
    List<JsonNode> second = oneReview.policiesComparableWith(review);
    assertEquals(generation, runtime.inflight().generation());
    assertSame(first, second);
    // Another admission recorded meanwhile (the key's lock then judges again): read again.
    runtime.inflight().admitted(Reviews.policyCreate(Fixtures.policy("memo-b", "memo-tier", "x")));
    List<JsonNode> again = oneReview.policiesComparableWith(review);
    assertNotSame(first, again);
    assertEquals(List.of("memo-a", "memo-b"), ours(again, "memo-"));
    // Another object is never answered from the memo: memo-a cannot tie with it (the entry in
    // flight is laid over every answer).
    JsonNode other = Fixtures.policy("memo-other", "memo-tier", "y");
    assertEquals(List.of("memo-b"), ours(oneReview.policiesComparableWith(other), "memo-"));
  }

  @Test
  void policiesFollowCreatesAndDeletes() {
    create(client, ApiResource.POLICY, Fixtures.policy("p-one", "tier", "gold"));
    Await.until("p-one cached", () -> names(view.migrationPolicies()).contains("p-one"));
    Fixtures.delete(client, ApiResource.POLICY, null, "p-one");
    Await.until("p-one gone", () -> !names(view.migrationPolicies()).contains("p-one"));
  }

  @Test
  void featureGatesComeFromTheKubeVirtCr() {
    assertFalse(Releases.MAIN.enabled(view.featureGates(), "MigrationStallDetection"));
    create(
        client,
        ApiResource.KUBEVIRT,
        Fixtures.kubevirt("kubevirt", "kubevirt", "MigrationStallDetection"));
    Await.until(
        "gate on", () -> Releases.MAIN.enabled(view.featureGates(), "MigrationStallDetection"));
    assertTrue(Releases.MAIN.enabled(view.featureGates(), "DecentralizedLiveMigration"));
    Fixtures.delete(client, ApiResource.KUBEVIRT, "kubevirt", "kubevirt");
    Await.until(
        "gate off", () -> !Releases.MAIN.enabled(view.featureGates(), "MigrationStallDetection"));
  }

  @Test
  void aWatchingCacheAnswersWithoutAskingTheApiServerAndAVmiIsAlwaysAsked() {
    create(client, ApiResource.POLICY, Fixtures.policy("p-cached", "tier", "silver"));
    Await.until(
        "policy cache watching",
        () ->
            runtime.caches().stream()
                .anyMatch(c -> c.resource().equals("migrationpolicies") && c.watching()));
    Await.until("p-cached cached", () -> names(view.migrationPolicies()).contains("p-cached"));
    int before = server.getKubernetesMockServer().getRequestCount();
    for (int i = 0; i < 10; i++) {
      assertTrue(names(view.migrationPolicies()).contains("p-cached"));
    }
    assertEquals(before, server.getKubernetesMockServer().getRequestCount());
    view.vmi("vms", "whatever");
    assertEquals(before + 1, server.getKubernetesMockServer().getRequestCount());
  }

  private static List<String> ours(List<JsonNode> policies) {
    return ours(policies, "idx-");
  }

  // (Tests share the server: each looks only at the policies it made.)
  private static List<String> ours(List<JsonNode> policies, String prefix) {
    return names(policies).stream().filter(n -> n.startsWith(prefix)).toList();
  }

  static List<String> names(List<JsonNode> objects) {
    return objects.stream().map(o -> o.path("metadata").path("name").asText()).sorted().toList();
  }
}
