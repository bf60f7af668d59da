package io.migrationguard.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.testing.CrudApiServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A fabric8 mock API server (CRUD) on 127.0.0.1 that the command line reaches through a kubeconfig
 * of its own: the {@code kubeconfig} system property points at it while it runs. fabric8 reads
 * {@code kubernetes.*} system properties before the kubeconfig, and a @QuarkusTest that ran earlier
 * in this JVM may have left its test server's there: they are set aside and put back on close.
 */
final class MockCluster implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  final KubernetesMockServer server;
  final KubernetesClient client;
  private final Path dir;
  private final String before;
  private final Map<String, String> fabric8 = new HashMap<>();

  MockCluster(Path dir) throws Exception {
    this.dir = dir;
    server = CrudApiServer.start();
    client = server.createClient();
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith("kubernetes.")) {
        fabric8.put(name, System.getProperty(name));
        System.clearProperty(name);
      }
    }
    before = System.getProperty("kubeconfig");
    pointAt(client.getMasterUrl().toString());
  }

  /** Points the kubeconfig at {@code url} (an unreachable one, for the failure tests). */
  void pointAt(String url) throws Exception {
    Path f = dir.resolve("kubeconfig-" + System.nanoTime());
    Files.writeString(
        f,
        "apiVersion: v1\nkind: Config\ncurrent-context: mock\n"
            + "clusters: [{name: mock, cluster: {server: \""
            + url
            + "\", insecure-skip-tls-verify: true}}]\n"
            + "contexts: [{name: mock, context: {cluster: mock, user: u}}]\n"
            + "users: [{name: u, user: {token: t}}]\n");
    System.setProperty("kubeconfig", f.toString());
  }

  /** Creates the object of {@code yaml} as {@code r}. */
  void create(ApiResource r, String yaml) throws Exception {
    GenericKubernetesResource o =
        JSON.convertValue(YAML.readTree(yaml), GenericKubernetesResource.class);
    var op = client.genericKubernetesResources(r.context());
    if (r.namespaced()) {
      op.inNamespace(o.getMetadata().getNamespace()).resource(o).create();
    } else {
      op.resource(o).create();
    }
  }

  @Override
  public void close() {
    if (before == null) {
      System.clearProperty("kubeconfig");
    } else {
      System.setProperty("kubeconfig", before);
    }
    fabric8.forEach(System::setProperty);
    client.close();
    server.destroy();
  }
}
