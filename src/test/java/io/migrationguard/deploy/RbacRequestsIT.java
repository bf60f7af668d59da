package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RBAC that covers every request, and nothing more (issue 35). Two replicas of the packaged service
 * run with the audit on against a test API server that records every request ({@link
 * RecordingApiServer}): informers, the live VMI GET of a migration review, reservation Leases (a
 * create, the retried create that takes its own Lease over, the sweep), the audit's election
 * (acquire, renewal, release, the other replica's takeover) and report writes (create, update,
 * delete; the next holder updates the ClusterReport); meanwhile the command line's {@code explain
 * vmi} and {@code lint --cluster} (in the test's JVM) against a twin server seeded alike. Each
 * request is resolved to RBAC attributes as the API server does ({@link RequestInfo}) and
 * authorized with the rules the install that {@code certs/generate.sh --audit} writes binds to the
 * service's ServiceAccount ({@link RbacRules}). A request a real API server would refuse fails; so
 * does a granted verb that no request of the service used.
 */
class RbacRequestsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String VMS = "vms";
  private static final String REPORT = "migration-guard-virtualmachineinstancemigrations";
  private static final String CLUSTER_REPORT = "migration-guard-migrationpolicies";
  private static final ResourceDefinitionContext REPORTS = openReports("Report", "reports", true);
  private static final ResourceDefinitionContext CLUSTER_REPORTS =
      openReports("ClusterReport", "clusterreports", false);

  @TempDir static Path tmp;

  @Test
  void everyRequestIsGrantedAndEveryGrantIsUsed() throws Exception {
    OpensslAssumption.require();
    Commands.assumeKubectl();
    assertTrue(Files.isRegularFile(ServiceProcess.JAR), ServiceProcess.JAR + ": package first");
    Path certs = tmp.resolve("certs");
    Commands.generate(certs, "--audit", "10m").ok();
    Manifests installed = Manifests.built(certs.resolve("workload"));
    String namespace = installed.one("Deployment").at("/metadata/namespace").asText();
    String account =
        installed.one("Deployment").at("/spec/template/spec/serviceAccountName").asText();
    RbacRules rbac = RbacRules.boundTo(installed.objects(), namespace, account);

    try (RecordingApiServer api = new RecordingApiServer()) {
      seed(api.admin());
      Path kubeconfig = tmp.resolve("kubeconfig");
      Files.writeString(kubeconfig, api.kubeconfig());
      WebhookTarget validate =
          WebhookTarget.all(Manifests.base(), certs).stream()
              .filter(t -> t.configKind().equals("ValidatingWebhookConfiguration"))
              .findFirst()
              .orElseThrow();
      Map<String, Map<String, String>> replicas = new java.util.LinkedHashMap<>();
      for (String name : List.of("replica-a", "replica-b")) {
        Map<String, String> env = new HashMap<>();
        env.put("MIGRATION_GUARD_TLS_CERT", certs.resolve("tls.crt").toString());
        env.put("MIGRATION_GUARD_TLS_KEY", certs.resolve("tls.key").toString());
        env.put("MIGRATION_GUARD_PORT", Integer.toString(ServiceProcess.freePort()));
        env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
        env.put("MIGRATION_GUARD_CLUSTER", "on");
        env.put("MIGRATION_GUARD_AUDIT_INTERVAL", installed.env("MIGRATION_GUARD_AUDIT_INTERVAL"));
        // Short Leases: the sweep deletes an expired one within the test.
        env.put("MIGRATION_GUARD_CLUSTER_INFLIGHT_TTL", "3s");
        env.put("KUBECONFIG", kubeconfig.toString());
        env.put("POD_NAMESPACE", namespace);
        env.put("POD_NAME", name);
        replicas.put(name, env);
      }
      List<RequestInfo> commandLine;
      Map<String, ServiceProcess> running = new HashMap<>();
      long t0 = System.nanoTime();
      try (RecordingApiServer twin = new RecordingApiServer()) {
        for (var r : replicas.entrySet()) {
          running.put(r.getKey(), start(r.getValue(), r.getKey()));
        }
        // The command line against a twin server seeded alike, its requests kept apart.
        seed(twin.admin());
        Path twinConfig = Files.writeString(tmp.resolve("twin-kubeconfig"), twin.kubeconfig());
        commandLine(twinConfig);
        commandLine = infos(twin.requests());
        phase(t0, "command line");
        ApiServerClient client = null;
        for (var r : running.entrySet()) {
          ApiServerClient c =
              validate.client(
                  Integer.parseInt(replicas.get(r.getKey()).get("MIGRATION_GUARD_PORT")));
          r.getValue().awaitReady(Duration.ofSeconds(90), () -> status(c) == 200);
          client = c;
        }
        phase(t0, "replicas ready");
        byte[] review =
            Reviews.JSON.writeValueAsBytes(
                Reviews.request(Kind.VMIM, Operation.CREATE, migration(), null));
        // The same create twice, as an API server retrying it a second later: the second takes
        // its own Lease over (an update) before the Lease expires.
        for (int i = 0; i < 2; i++) {
          var answer = client.post(validate.path(), review);
          assertEquals(200, answer.status(), answer.text());
          assertTrue(answer.text().contains("\"allowed\":true"), answer.text());
          Thread.sleep(i == 0 ? 1_300 : 0); // the stimulus: the retry comes a second later
        }
        awaitRequests(
            api,
            running.values(),
            "the audit's Lease renewed and its reports written, the reservation swept",
            r -> r.verb().equals("patch") && r.resource().equals("leases"),
            r -> r.verb().equals("update") && r.resource().equals("leases"),
            r -> r.verb().equals("delete") && r.resource().equals("leases"),
            r -> r.verb().equals("create") && r.resource().equals("clusterreports"),
            r -> r.verb().equals("create") && r.resource().equals("reports"),
            r -> r.verb().equals("update") && r.resource().equals("reports"),
            r -> r.verb().equals("delete") && r.resource().equals("reports"));
        phase(t0, "first audit run, renewal, sweep");
        // The holder stops; the other replica takes the Lease over and audits at once, finding a
        // ClusterReport that says something else: it updates it.
        var clusterReports = api.admin().genericKubernetesResources(CLUSTER_REPORTS);
        GenericKubernetesResource stored = clusterReports.withName(CLUSTER_REPORT).get();
        stored.setAdditionalProperty("results", List.of(Map.of("policy", "old")));
        clusterReports.resource(stored).update();
        String holder =
            api.admin()
                .leases()
                .inNamespace(namespace)
                .withName("migration-guard-audit")
                .get()
                .getSpec()
                .getHolderIdentity();
        assertTrue(running.containsKey(holder), "the audit Lease's holder: " + holder);
        running.remove(holder).close();
        phase(t0, "holder stopped");
        // Released on its way out (a lease of one second), not left to expire after 30 s.
        var lease =
            api.admin().leases().inNamespace(namespace).withName("migration-guard-audit").get();
        assertEquals(1, lease.getSpec().getLeaseDurationSeconds(), "released: " + lease.getSpec());
        awaitRequests(
            api,
            running.values(),
            "the ClusterReport updated by the next holder",
            r -> r.verb().equals("update") && r.resource().equals("clusterreports"));
        phase(t0, "ClusterReport updated");
      } finally {
        for (ServiceProcess p : running.values()) {
          p.close();
        }
      }
      phase(t0, "replicas stopped");
      // What the replicas asked, from their start to their shutdown (the Lease released).
      List<RequestInfo> service = infos(api.requests());
      assertTrue(commandLine.size() >= 4, "the command line's reads: " + commandLine);

      assertEquals(
          Set.of(), refused(rbac, service), "the service's requests a real API server refuses");
      assertEquals(Set.of(), rbac.unused(service), "granted to the service, never used");
      // The command line runs with its user's kubeconfig. Run as the service's account (in the
      // pod) it reads what the service reads, and the namespace whose labels explain matches.
      Set<String> cli = refused(rbac, commandLine);
      cli.removeIf(r -> r.startsWith("get namespaces in " + VMS + " named " + VMS + " "));
      assertEquals(Set.of(), cli, "the command line's requests beyond the service's RBAC");
      // The other tool's report of the audit's name is as it was.
      GenericKubernetesResource theirs =
          api.admin()
              .genericKubernetesResources(REPORTS)
              .inNamespace("theirs")
              .withName(REPORT)
              .get();
      assertEquals("kyverno", theirs.getMetadata().getLabels().get("app.kubernetes.io/managed-by"));
    }
  }

  private static ServiceProcess start(Map<String, String> env, String dir) throws Exception {
    return ServiceProcess.start(env, Files.createDirectories(tmp.resolve(dir)));
  }

  private static JsonNode migration() {
    return Reviews.read(
        "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstanceMigration\","
            + "\"metadata\":{\"name\":\"move-vm-1\",\"namespace\":\""
            + VMS
            + "\"},\"spec\":{\"vmiName\":\"vm-1\"}}");
  }

  /**
   * What makes the first audit run use every verb but the ClusterReport's update: migrations in
   * three namespaces ("vms" gets a new Report, "stale" has the audit's Report with other results,
   * "theirs" another tool's Report of the audit's name), a namespace that held migrations ("gone":
   * its Report is deleted), a VMI, a policy, the KubeVirt CR, two Nodes and the VMI's launcher pod.
   * The seeded migrations move another VMI than the reviewed one, which vmim-no-inflight would
   * otherwise refuse.
   */
  private static void seed(KubernetesClient admin) throws Exception {
    admin
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(VMS)
                .addToLabels("kubernetes.io/metadata.name", VMS)
                .endMetadata()
                .build())
        .create();
    create(
        admin,
        ApiResource.KUBEVIRT.context(),
        "kubevirt",
        "{\"metadata\":{\"name\":\"kubevirt\"},\"spec\":{\"configuration\":{}}}");
    create(
        admin,
        ApiResource.VMI.context(),
        VMS,
        "{\"metadata\":{\"name\":\"vm-1\",\"uid\":\"vm-1-uid\"},"
            + "\"spec\":{\"domain\":{\"devices\":{}}},"
            + "\"status\":{\"phase\":\"Running\",\"nodeName\":\"node-1\"}}");
    // vmim-target-node: the Nodes' informer, and the VMI's launcher pod listed by label.
    for (String node : List.of("node-1", "node-2")) {
      admin
          .nodes()
          .resource(
              new io.fabric8.kubernetes.api.model.NodeBuilder()
                  .withNewMetadata()
                  .withName(node)
                  .addToLabels("kubevirt.io/schedulable", "true")
                  .endMetadata()
                  .build())
          .create();
    }
    admin
        .pods()
        .inNamespace(VMS)
        .resource(
            new io.fabric8.kubernetes.api.model.PodBuilder()
                .withNewMetadata()
                .withName("virt-launcher-vm-1-abcde")
                .addToLabels("kubevirt.io/created-by", "vm-1-uid")
                .endMetadata()
                .withNewSpec()
                .withNodeName("node-1")
                .endSpec()
                .build())
        .create();
    create(
        admin,
        ApiResource.POLICY.context(),
        null,
        "{\"metadata\":{\"name\":\"p\"},\"spec\":{\"selectors\":"
            + "{\"virtualMachineInstanceSelector\":{\"a\":\"b\"}}}}");
    for (String ns : List.of(VMS, "stale", "theirs")) {
      create(
          admin,
          ApiResource.VMIM.context(),
          ns,
          "{\"metadata\":{\"name\":\"m\"},\"spec\":{\"vmiName\":\"vm-0\"}}");
    }
    for (String ns : List.of("stale", "gone")) {
      create(admin, REPORTS, ns, report("migration-guard"));
    }
    create(admin, REPORTS, "theirs", report("kyverno"));
  }

  private static String report(String managedBy) {
    return "{\"metadata\":{\"name\":\""
        + REPORT
        + "\",\"labels\":{\"app.kubernetes.io/managed-by\":\""
        + managedBy
        + "\"}},\"results\":[{\"policy\":\"old\"}]}";
  }

  private static void create(
      KubernetesClient admin, ResourceDefinitionContext r, String ns, String json)
      throws Exception {
    ObjectNode o = (ObjectNode) JSON.readTree(json);
    o.put("apiVersion", r.getGroup() + "/" + r.getVersion()).put("kind", r.getKind());
    if (ns != null) {
      ((ObjectNode) o.get("metadata")).put("namespace", ns);
    }
    GenericKubernetesResource res = JSON.convertValue(o, GenericKubernetesResource.class);
    var op = admin.genericKubernetesResources(r);
    (ns == null ? op.resource(res) : op.inNamespace(ns).resource(res)).create();
  }

  private static ResourceDefinitionContext openReports(
      String kind, String plural, boolean namespaced) {
    return new ResourceDefinitionContext.Builder()
        .withGroup("openreports.io")
        .withVersion("v1alpha1")
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(namespaced)
        .build();
  }

  /** Where the time goes, in the test's output (target/failsafe-reports). */
  private static void phase(long t0, String what) {
    System.out.printf("%6d ms %s%n", (System.nanoTime() - t0) / 1_000_000, what);
  }

  private static List<RequestInfo> infos(List<RecordingApiServer.Request> requests) {
    return requests.stream().map(RecordingApiServer.Request::info).toList();
  }

  private static Set<String> refused(RbacRules rbac, List<RequestInfo> requests) {
    Set<String> out = new TreeSet<>();
    for (RequestInfo r : requests) {
      if (!rbac.allows(r)) {
        out.add(r.toString());
      }
    }
    return out;
  }

  /** Waits (at most a minute) until a request matching each of {@code wanted} was recorded. */
  @SafeVarargs
  private static void awaitRequests(
      RecordingApiServer api,
      java.util.Collection<ServiceProcess> services,
      String what,
      Predicate<RequestInfo>... wanted)
      throws InterruptedException {
    Duration timeout = Duration.ofSeconds(60);
    try {
      Await.until(
          timeout,
          () -> {
            List<RequestInfo> seen = infos(api.requests());
            return Stream.of(wanted).allMatch(w -> seen.stream().anyMatch(w));
          },
          what);
      return;
    } catch (AssertionError notSeen) {
      // below, with what was seen and the services' logs
    }
    throw new AssertionError(
        "not seen within "
            + timeout
            + ": "
            + what
            + "\nseen: "
            + infos(api.requests())
            + "\n"
            + services.stream().map(ServiceProcess::logTail).toList());
  }

  /**
   * Runs {@code explain vmi} and {@code lint --cluster} in this JVM (the same code as the jar's
   * command line, without two more JVM starts) with {@code kubeconfig}; each must exit 0 or 1. As
   * the cli tests do, fabric8's {@code kubernetes.*} system properties are set aside meanwhile.
   */
  private static void commandLine(Path kubeconfig) {
    Map<String, String> fabric8 = new HashMap<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith("kubernetes.")) {
        fabric8.put(name, System.clearProperty(name));
      }
    }
    String before = System.setProperty("kubeconfig", kubeconfig.toString());
    try {
      var out = new java.io.ByteArrayOutputStream();
      var print = new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8);
      var none = java.io.InputStream.nullInputStream();
      int explain =
          io.migrationguard.cli.Explain.run(
              new String[] {"vmi", "vm-1", "-n", VMS}, none, print, print);
      assertTrue(explain <= 1, "explain exited " + explain + ":\n" + out);
      int lint = io.migrationguard.cli.Lint.run(new String[] {"--cluster"}, none, print, print);
      assertTrue(lint <= 1, "lint exited " + lint + ":\n" + out);
    } finally {
      if (before == null) {
        System.clearProperty("kubeconfig");
      } else {
        System.setProperty("kubeconfig", before);
      }
      fabric8.forEach(System::setProperty);
    }
  }

  private static int status(ApiServerClient c) {
    try {
      return c.get("/q/health/ready").status();
    } catch (Exception e) {
      return -1;
    }
  }
}
