package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.migrationguard.testing.Await;
import io.migrationguard.webhook.health.ClusterReadiness;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Readiness against an API server that cannot be reached: not ready, and each cache says why (the
 * last list/watch error), so that an operator reading {@code /q/health/ready} sees the cause.
 */
class ClusterReadinessTest {
  @Test
  void anUnreachableApiServerShowsTheLastListError() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    KubernetesClient client =
        new KubernetesClientBuilder()
            .withConfig(
                new ConfigBuilder()
                    .withMasterUrl("https://127.0.0.1:" + port)
                    .withTrustCerts(true)
                    .withRequestRetryBackoffLimit(0)
                    .build())
            .build();
    try (client;
        InformerClusterView view =
            InformerClusterView.start(
                client,
                new ObjectMapper(),
                new InflightRegistry(Duration.ofSeconds(10)),
                Duration.ofSeconds(1))) {
      Await.until(
          "every cache to report a failure",
          () -> view.states().stream().allMatch(c -> c.lastError() != null));
      for (CacheState c : view.states()) {
        assertFalse(c.ready(), c.resource());
        String shown = ClusterReadiness.describe(c);
        assertTrue(shown.startsWith("not synced"), shown);
        assertTrue(shown.contains("last error: "), shown);
      }
    }
  }
}
