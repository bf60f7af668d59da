package io.migrationguard.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.testing.CrudApiServer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A stoppable stand-in Kubernetes API server for bench/outage.sh: fabric8's mock server in CRUD
 * mode over HTTPS on 127.0.0.1, holding a KubeVirt CR, VMIs and a MigrationPolicy. It writes a
 * kubeconfig for it, then follows a control file: while {@code CONTROL} exists the server is down;
 * when it disappears a new server comes up on the same port with the same objects (a mock server
 * cannot be restarted). Exits when {@code CONTROL.exit} appears.
 *
 * <p>Usage: {@code ApiStandIn KUBECONFIG CONTROL VMIS}
 */
public final class ApiStandIn {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ApiStandIn() {}

  public static void main(String[] args) throws Exception {
    Path kubeconfig = Path.of(args[0]);
    Path control = Path.of(args[1]);
    Path exit = Path.of(args[1] + ".exit");
    int vmis = Integer.parseInt(args[2]);
    KubernetesMockServer server = start(0, vmis);
    int port = server.getPort();
    Files.writeString(kubeconfig, kubeconfig(port));
    System.out.println("API server up on 127.0.0.1:" + port);
    long deadline = System.currentTimeMillis() + 15 * 60_000; // never outlive a forgotten run
    while (!Files.exists(exit) && System.currentTimeMillis() < deadline) {
      boolean wantDown = Files.exists(control);
      if (wantDown && server != null) {
        server.destroy();
        server = null;
        System.out.println("API server down");
      } else if (!wantDown && server == null) {
        server = start(port, vmis);
        System.out.println("API server up again on 127.0.0.1:" + port);
      }
      Thread.sleep(50);
    }
    if (server != null) {
      server.destroy();
    }
  }

  /** A mock API server on 127.0.0.1:{@code port} (0: any) with the objects above. */
  public static KubernetesMockServer start(int port, int vmis) {
    KubernetesMockServer server = CrudApiServer.start(new KubernetesCrudDispatcher(), true, port);
    try (KubernetesClient client = server.createClient()) {
      ObjectNode kv = object(ApiResource.KUBEVIRT, "kubevirt", "kubevirt");
      kv.putObject("spec").putObject("configuration").putObject("developerConfiguration");
      create(client, ApiResource.KUBEVIRT, kv);
      for (int i = 0; i < vmis; i++) {
        // db-0 in prod-databases is the VMI of bench/payloads/vmim-create.json.
        String name = i == 0 ? "db-0" : "vm-" + i;
        ObjectNode vmi = object(ApiResource.VMI, "prod-databases", name);
        vmi.putObject("spec").putObject("domain").putObject("devices");
        vmi.putObject("status").put("phase", "Running");
        create(client, ApiResource.VMI, vmi);
      }
      ObjectNode policy = object(ApiResource.POLICY, null, "bench-policy");
      policy
          .putObject("spec")
          .putObject("selectors")
          .putObject("virtualMachineInstanceSelector")
          .put("bench", "existing");
      create(client, ApiResource.POLICY, policy);
    }
    return server;
  }

  private static ObjectNode object(ApiResource r, String namespace, String name) {
    ObjectNode o = JSON.createObjectNode();
    o.put("apiVersion", r.group() + "/" + r.version()).put("kind", r.kind());
    ObjectNode meta = o.putObject("metadata").put("name", name);
    if (namespace != null) {
      meta.put("namespace", namespace);
    }
    return o;
  }

  private static void create(KubernetesClient client, ApiResource r, ObjectNode o) {
    GenericKubernetesResource res = JSON.convertValue(o, GenericKubernetesResource.class);
    var op = client.genericKubernetesResources(r.context());
    String ns = res.getMetadata().getNamespace();
    (ns == null ? op.resource(res) : op.inNamespace(ns).resource(res)).create();
  }

  /** A kubeconfig for the server on {@code port}, TLS not verified (a mock's certificate). */
  public static String kubeconfig(int port) {
    return String.join(
        "\n",
        "apiVersion: v1",
        "kind: Config",
        "clusters:",
        "- name: standin",
        "  cluster:",
        "    server: https://127.0.0.1:" + port,
        "    insecure-skip-tls-verify: true",
        "users:",
        "- name: bench",
        "  user:",
        "    token: bench",
        "contexts:",
        "- name: standin",
        "  context: {cluster: standin, user: bench, namespace: bench}",
        "current-context: standin",
        "");
  }
}
