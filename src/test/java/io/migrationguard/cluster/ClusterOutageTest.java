package io.migrationguard.cluster;

import static io.migrationguard.cluster.Fixtures.create;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.Review;
import io.migrationguard.testing.Await;
import io.migrationguard.testing.CrudApiServer;
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
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * The API server goes away and comes back: lookups fail fast as unavailable (never from a stale
 * cache, never hanging), reviews are refused with 503 naming the lookup, and both answer again once
 * it is back.
 */
@QuarkusTest
@TestProfile(ClusterWebhookProfile.class)
@WithKubernetesTestServer(crud = true)
class ClusterOutageTest {
  private static final Logger LOG = Logger.getLogger(ClusterOutageTest.class);
  private static final Duration LOOKUP_TIMEOUT = Duration.ofSeconds(2);
  // What fails is waiting past the lookup timeout for the client's retries (10 s and more), not a
  // slow answer on a loaded machine: the timeout plus a wide margin (an outage answers in
  // milliseconds unloaded). The answer's time is logged.
  private static final Duration WITHIN_LOOKUP_TIMEOUT = LOOKUP_TIMEOUT.plusSeconds(3);

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;
  @KubernetesTestServer KubernetesServer server;
  @Inject ClusterView view;
  @Inject ClusterRuntime runtime;

  @Test
  void outageIsUnavailableWithinTheLookupTimeoutAndRecovers() {
    Await.until("caches synced", () -> runtime.caches().stream().allMatch(CacheState::synced));
    create(server.getClient(), ApiResource.VMI, Fixtures.vmi("ns", "vm", "Running"));
    create(server.getClient(), ApiResource.POLICY, Fixtures.policy("p", "a", "b"));
    Await.until("policy cached", () -> view.migrationPolicies().size() == 1);

    Wire wire = new Wire(base, tls.caCertificate());
    // warm the HTTPS client up (a dry run records nothing), so that the timings below are ours
    assertTrue(
        wire.validate(Reviews.vmimCreate("ns", "m-0", "vm"), true).path("allowed").asBoolean());

    KubernetesMockServer api = server.getKubernetesMockServer();
    int port = api.getPort();
    api.shutdown();
    Await.until("watches dropped", () -> runtime.caches().stream().noneMatch(CacheState::watching));

    unavailable(Lookup.VMI, () -> view.vmi("ns", "vm"));
    unavailable(Lookup.POLICIES, view::migrationPolicies);
    unavailable(Lookup.MIGRATIONS, () -> view.migrations("ns"));
    unavailable(Lookup.MIGRATIONS, () -> view.migrationsOf("ns", "vm"));
    unavailable(Lookup.MIGRATIONS, () -> view.migration("ns", "m-0"));
    unavailable(Lookup.FEATURE_GATES, view::featureGates);
    refused(
        wire, Reviews.vmimCreate("ns", "m-1", "vm"), "could not look up VirtualMachineInstance");
    refused(
        wire,
        Reviews.policyCreate(Fixtures.policy("p-2", "a", "b")),
        "could not look up MigrationPolicies");

    // A mock server cannot be restarted: the API server comes back as a new one on the same port.
    KubernetesMockServer back = CrudApiServer.start(new KubernetesCrudDispatcher(), false, port);
    long backAt = System.nanoTime();
    try (KubernetesClient client = back.createClient()) {
      create(client, ApiResource.VMI, Fixtures.vmi("ns", "vm", "Running"));
      create(client, ApiResource.POLICY, Fixtures.policy("p", "a", "b"));
      create(client, ApiResource.VMIM, Fixtures.vmim("ns", "m-run", "vm-b", "Running", true));
      create(client, ApiResource.VMIM, Fixtures.vmim("ns", "m-done", "vm-b", "Succeeded", true));
    }
    // the live path answers as soon as the API server does, before the watches come back (from
    // a stale cache, a VMI's migrations are listed by KubeVirt's label, finished ones left out).
    // On a loaded machine the watches can come back between the creates above and these reads,
    // and a cache then lags them by an event or two: each read is polled (a few milliseconds).
    Await.until(
        Duration.ofSeconds(10),
        () -> InformerClusterViewTest.names(view.migrationsOf("ns", "vm-b")),
        List.of("m-run")::equals,
        "the running migration of vm-b alone");
    Await.until(
        Duration.ofSeconds(10),
        () -> view.migration("ns", "m-done").map(m -> m.at("/status/phase").asText()),
        Optional.of("Succeeded")::equals,
        "m-done read, Succeeded");
    Await.until(
        Duration.ofSeconds(10),
        () -> view.vmi("ns", "vm").map(v -> v.path("metadata").path("name").asText()),
        Optional.of("vm")::equals,
        "vm read");
    Await.until(
        Duration.ofSeconds(10), () -> view.migrationPolicies().size(), n -> n == 1, "one policy");
    assertTrue(wire.validate(Reviews.vmimCreate("ns", "m-1", "vm")).path("allowed").asBoolean());
    Await.until("watches back", () -> runtime.caches().stream().allMatch(CacheState::watching));
    LOG.infof("watches back %d ms after the API server", (System.nanoTime() - backAt) / 1_000_000);
    assertEquals(1, view.migrationPolicies().size());
    back.destroy();
  }

  /** Over HTTPS: a 503 naming the lookup, answered within the lookup timeout. */
  private static void refused(Wire wire, Review review, String text) {
    long start = System.nanoTime();
    JsonNode response = wire.validate(review);
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    LOG.infof("%s refused after %d ms", review.kind(), took.toMillis());
    assertEquals(false, response.path("allowed").asBoolean(), response.toString());
    assertEquals(503, response.path("status").path("code").asInt(), response.toString());
    assertTrue(
        response.path("status").path("message").asText().contains(text), response.toString());
    assertTrue(took.compareTo(WITHIN_LOOKUP_TIMEOUT) <= 0, review.kind() + " took " + took);
  }

  private static void unavailable(Lookup lookup, Supplier<?> call) {
    long start = System.nanoTime();
    var e = assertThrows(ClusterUnavailableException.class, call::get);
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    LOG.infof("%s unavailable after %d ms: %s", lookup, took.toMillis(), e.getMessage());
    assertEquals(lookup, e.lookup());
    assertTrue(took.compareTo(WITHIN_LOOKUP_TIMEOUT) <= 0, lookup + " took " + took);
  }
}
