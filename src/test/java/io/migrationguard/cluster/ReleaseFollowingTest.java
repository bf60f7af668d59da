package io.migrationguard.cluster;

import static io.migrationguard.cluster.Fixtures.create;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.testing.Await;
import io.migrationguard.webhook.support.Https;
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
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The service follows the KubeVirt release the cluster runs, without a restart: a KubeVirt CR at
 * {@code observedKubeVirtVersion: v1.8.0} makes {@code spec.priority} need the
 * MigrationPriorityQueue gate (denied), the same CR upgraded to {@code v1.9.0} (GA there) admits
 * the same review; readiness, the metric and the review log name the profile in force.
 */
@QuarkusTest
@TestProfile(ClusterAutoReleaseProfile.class)
@WithKubernetesTestServer(crud = true)
class ReleaseFollowingTest {
  private static final String NS = "prod";
  private static final String CONTROLLER = "system:serviceaccount:kubevirt:kubevirt-controller";

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;
  @KubernetesTestServer KubernetesServer server;
  @Inject ClusterRuntime runtime;
  @Inject ReleaseEngines engines;

  @Test
  void anUpgradeOfKubeVirtSwitchesTheProfileWithoutARestart() {
    KubernetesClient client = server.getClient();
    Wire wire = new Wire(base, tls.caCertificate());
    Await.until("caches synced", () -> runtime.caches().stream().allMatch(CacheState::synced));
    create(client, ApiResource.VMI, Fixtures.vmi(NS, "web", "Running"));
    ObjectNode kubevirt = Fixtures.kubevirt("kubevirt", "kubevirt");
    kubevirt.putObject("status").put("observedKubeVirtVersion", "v1.8.0");
    create(client, ApiResource.KUBEVIRT, kubevirt);
    Await.until("v1.8 in force", () -> engines.active().release().name().equals("v1.8"));

    Review urgent = priorityReview("web-urgent");
    JsonNode denied = wire.validate(urgent, true);
    assertFalse(denied.path("allowed").asBoolean(), denied.toString());
    assertTrue(
        denied.path("auditAnnotations").path("rules").asText().contains("vmim-priority-gate"),
        denied.toString());
    assertEquals("v1.8 (v1.8.0)", readiness().path("kubevirtVersion").asText());
    assertTrue(metrics().contains("profile=\"v1.8\""), "metric names v1.8");

    // virt-operator finishes the upgrade: only the status changes.
    client
        .genericKubernetesResources(ApiResource.KUBEVIRT.context())
        .inNamespace("kubevirt")
        .withName("kubevirt")
        .edit(
            kv -> {
              kv.setAdditionalProperty("status", Map.of("observedKubeVirtVersion", "v1.9.0"));
              return kv;
            });
    Await.until("v1.9 in force", () -> engines.active().release().name().equals("v1.9"));

    JsonNode allowed = wire.validate(urgent, true);
    assertTrue(allowed.path("allowed").asBoolean(), allowed.toString());
    assertEquals("v1.9 (v1.9.0)", readiness().path("kubevirtVersion").asText());
    String metrics = metrics();
    assertTrue(
        metrics.contains(
            "migration_guard_kubevirt_profile_info{observed=\"v1.9.0\",profile=\"v1.9\"} 1.0"),
        metrics.lines().filter(l -> l.contains("profile_info")).toList().toString());
    assertFalse(metrics.contains("profile=\"v1.8\""), "the old profile's series has ended");
  }

  private static Review priorityReview(String name) {
    ObjectNode vmim = Fixtures.vmim(NS, name, "web", null, false);
    ((ObjectNode) vmim.get("spec")).put("priority", "system-critical");
    return new Review(
        Kind.VMIM, Operation.CREATE, vmim, null, NS, CONTROLLER, FieldValidation.STRICT);
  }

  private JsonNode readiness() {
    String body =
        Https.given(base, tls.caCertificate()).get("/q/health/ready").then().extract().asString();
    try {
      for (JsonNode check :
          new com.fasterxml.jackson.databind.ObjectMapper().readTree(body).path("checks")) {
        if (check.path("name").asText().equals("cluster")) {
          return check.path("data");
        }
      }
    } catch (java.io.IOException e) {
      throw new AssertionError(body, e);
    }
    throw new AssertionError("no cluster check: " + body);
  }

  private String metrics() {
    return Https.given(base, tls.caCertificate()).get("/q/metrics").then().extract().asString();
  }
}
