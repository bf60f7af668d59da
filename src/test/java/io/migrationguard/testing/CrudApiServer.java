package io.migrationguard.testing;

import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.net.InetAddress;
import java.util.HashMap;

/**
 * fabric8's mock API server in CRUD mode, listening on 127.0.0.1 only: the tests' and benches'
 * stand-in Kubernetes API server, started one way everywhere.
 */
public final class CrudApiServer {
  private CrudApiServer() {}

  /** A CRUD server over plain HTTP on any free port. */
  public static KubernetesMockServer start() {
    return start(new KubernetesCrudDispatcher(), false, 0);
  }

  /**
   * A server with {@code dispatcher} (a {@link KubernetesCrudDispatcher}, or one that records or
   * fails requests before handing them on), over HTTPS when {@code https}, on {@code port} (0:
   * any).
   */
  public static KubernetesMockServer start(
      KubernetesCrudDispatcher dispatcher, boolean https, int port) {
    KubernetesMockServer server =
        new KubernetesMockServer(
            new Context(), new MockWebServer(), new HashMap<>(), dispatcher, https);
    server.init(InetAddress.getLoopbackAddress(), port);
    return server;
  }
}
