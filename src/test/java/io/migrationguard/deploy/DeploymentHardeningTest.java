package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The Deployment stays available (replicas, rollout, budget, spread, priority) and passes the
 * "restricted" Pod Security Standard the Namespace enforces.
 */
class DeploymentHardeningTest {
  private final Manifests m = Manifests.base();
  private final JsonNode deployment = m.one("Deployment");
  private final JsonNode pod = deployment.at("/spec/template/spec");
  private final JsonNode container = m.container();

  @Test
  void availability() {
    int replicas = deployment.at("/spec/replicas").asInt();
    assertTrue(replicas >= 2, "at least two replicas");
    assertEquals("RollingUpdate", deployment.at("/spec/strategy/type").asText());
    assertEquals(0, deployment.at("/spec/strategy/rollingUpdate/maxUnavailable").asInt(-1));
    assertEquals(1, deployment.at("/spec/strategy/rollingUpdate/maxSurge").asInt(-1));
    JsonNode pdb = m.one("PodDisruptionBudget").path("spec");
    assertEquals(1, pdb.path("minAvailable").asInt(), "PDB minAvailable");
    assertTrue(pdb.path("minAvailable").asInt() < replicas, "the budget still lets a node drain");
    assertEquals("system-cluster-critical", pod.path("priorityClassName").asText());
    List<String> hard = new ArrayList<>();
    for (JsonNode c : pod.path("topologySpreadConstraints")) {
      if ("DoNotSchedule".equals(c.path("whenUnsatisfiable").asText())) {
        hard.add(c.path("topologyKey").asText());
      }
    }
    assertEquals(List.of("kubernetes.io/hostname"), hard, "one replica per node, enforced");
  }

  @Test
  void restrictedPodSecurity() {
    assertEquals(
        "restricted",
        m.one("Namespace")
            .at("/metadata/labels")
            .path("pod-security.kubernetes.io/enforce")
            .asText());
    JsonNode psc = pod.path("securityContext");
    JsonNode csc = container.path("securityContext");
    assertTrue(psc.path("runAsNonRoot").asBoolean() && csc.path("runAsNonRoot").asBoolean());
    assertTrue(csc.path("runAsUser").isInt() && csc.path("runAsUser").asInt() > 0, "numeric UID");
    assertEquals(csc.path("runAsUser"), psc.path("runAsUser"), "one UID for pod and container");
    assertTrue(csc.path("readOnlyRootFilesystem").asBoolean(), "read-only root filesystem");
    assertTrue(csc.has("allowPrivilegeEscalation"), "allowPrivilegeEscalation set");
    assertFalse(csc.path("allowPrivilegeEscalation").asBoolean(true));
    assertFalse(csc.path("privileged").asBoolean(false));
    assertEquals("[\"ALL\"]", csc.at("/capabilities/drop").toString());
    assertTrue(csc.at("/capabilities/add").isMissingNode(), "no capability added");
    assertEquals("RuntimeDefault", psc.at("/seccompProfile/type").asText());
    assertEquals("RuntimeDefault", csc.at("/seccompProfile/type").asText());
    for (String hostField : List.of("hostNetwork", "hostPID", "hostIPC")) {
      assertFalse(pod.path(hostField).asBoolean(false), hostField);
    }
  }

  @Test
  void resourcesAreRequestedAndMemoryIsCapped() {
    JsonNode res = container.path("resources");
    assertFalse(res.at("/requests/cpu").asText().isEmpty(), "cpu request");
    assertFalse(res.at("/requests/memory").asText().isEmpty(), "memory request");
    assertFalse(res.at("/limits/memory").asText().isEmpty(), "memory limit");
  }

  @Test
  void probesUseTheHealthEndpointsOverHttps() {
    int port = Integer.parseInt(m.env("MIGRATION_GUARD_PORT"));
    for (String probe : List.of("startupProbe", "readinessProbe", "livenessProbe")) {
      JsonNode get = container.path(probe).path("httpGet");
      assertEquals("HTTPS", get.path("scheme").asText(), probe + " scheme");
      assertTrue(get.path("path").asText().startsWith("/q/health/"), probe + " path");
      assertEquals(port, m.containerPort(get.path("port")), probe + " port");
    }
    assertEquals("/q/health/ready", container.at("/readinessProbe/httpGet/path").asText());
    assertEquals("/q/health/live", container.at("/livenessProbe/httpGet/path").asText());
  }

  @Test
  void gracePeriodOutlastsTheDrainAndTheShutdownTimeout() {
    long grace = pod.path("terminationGracePeriodSeconds").asLong();
    long preStop = container.at("/lifecycle/preStop/sleep/seconds").asLong(0);
    String timeout = m.env("MIGRATION_GUARD_SHUTDOWN_TIMEOUT");
    long shutdown = Duration.parse("PT" + timeout.toUpperCase(Locale.ROOT)).toSeconds();
    assertTrue(shutdown > 0, "a shutdown timeout is configured");
    assertTrue(grace > preStop + shutdown, "grace " + grace + " > " + preStop + " + " + shutdown);
  }
}
