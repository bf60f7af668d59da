package io.migrationguard.deploy;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.migrationguard.testing.CrudApiServer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A test API server (fabric8's mock server in CRUD mode, HTTPS on 127.0.0.1) that records every
 * request it is sent: method and target (path and query). The test's own client ({@link #admin})
 * sends a user agent of its own, and its requests are not recorded: what is recorded is what the
 * processes under test asked.
 */
final class RecordingApiServer implements AutoCloseable {
  private static final String ADMIN_AGENT = "migration-guard-test-admin";

  /** One request as the API server saw it. */
  record Request(String method, String target) {
    RequestInfo info() {
      return RequestInfo.of(method, target);
    }
  }

  private final ConcurrentLinkedQueue<Request> seen = new ConcurrentLinkedQueue<>();
  private final KubernetesMockServer server;
  private final KubernetesClient admin;

  RecordingApiServer() {
    server =
        CrudApiServer.start(
            new KubernetesCrudDispatcher() {
              @Override
              public MockResponse dispatch(RecordedRequest request) {
                String agent = request.getHeader("User-Agent");
                if (agent == null || !agent.startsWith(ADMIN_AGENT)) {
                  seen.add(new Request(request.getMethod(), request.getPath()));
                }
                return super.dispatch(request);
              }
            },
            true,
            0);
    try (KubernetesClient plain = server.createClient()) {
      Config config =
          new ConfigBuilder(plain.getConfiguration()).withUserAgent(ADMIN_AGENT).build();
      admin = new KubernetesClientBuilder().withConfig(config).build();
    }
  }

  /** A client whose requests are not recorded, to seed and inspect what the server holds. */
  KubernetesClient admin() {
    return admin;
  }

  int port() {
    return server.getPort();
  }

  /** Every request recorded so far, in order. */
  List<Request> requests() {
    return new ArrayList<>(seen);
  }

  /** A kubeconfig for this server (TLS not verified: the mock's certificate is its own). */
  String kubeconfig() {
    return io.migrationguard.bench.ApiStandIn.kubeconfig(port());
  }

  @Override
  public void close() {
    admin.close();
    server.destroy();
  }
}
