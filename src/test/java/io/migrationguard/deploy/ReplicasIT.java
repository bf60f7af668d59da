package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.migrationguard.bench.ApiStandIn;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two replicas of the packaged service (POD_NAME replica-a and replica-b, POD_NAMESPACE
 * migration-guard) against one API server that holds the VMIs and the Leases (fabric8's mock server
 * in CRUD mode: a create of an existing name is 409 AlreadyExists, an update with a stale
 * resourceVersion 409 Conflict, requests serialised as by etcd). Simultaneous identical creates
 * split across the replicas: exactly one admitted per round, each answered within 3 s. Then a
 * replica killed while it holds a Lease, and the sweep.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicasIT {
  private static final String NAMESPACE = "migration-guard";
  private static final Duration TTL = Duration.ofSeconds(6);
  // How long a Lease whose holder fresh caches do not show stands
  // (migration-guard.cluster.unseen-ttl).
  private static final Duration UNSEEN = Duration.ofSeconds(2);
  private static final Duration SLOWEST_ANSWER = Duration.ofSeconds(3);

  @TempDir static Path tmp;

  private KubernetesMockServer api;
  private KubernetesClient admin;
  private final List<ServiceProcess> replicas = new ArrayList<>();
  private final List<ApiServerClient> clients = new ArrayList<>();
  private WebhookTarget validate;
  private final ExecutorService senders = Executors.newFixedThreadPool(6);

  @BeforeAll
  void startTwoReplicasAgainstOneApiServer() throws Exception {
    OpensslAssumption.require();
    assertTrue(Files.isRegularFile(ServiceProcess.JAR), ServiceProcess.JAR + ": package first");
    Path certs = tmp.resolve("certs");
    Commands.generate(certs).ok();
    validate =
        WebhookTarget.all(Manifests.base(), certs).stream()
            .filter(t -> t.configKind().equals("ValidatingWebhookConfiguration"))
            .findFirst()
            .orElseThrow();
    api = ApiStandIn.start(0, 30);
    admin = api.createClient();
    Path kubeconfig = tmp.resolve("kubeconfig");
    Files.writeString(kubeconfig, ApiStandIn.kubeconfig(api.getPort()));
    for (String name : List.of("replica-a", "replica-b")) {
      Path dir = Files.createDirectories(tmp.resolve(name));
      int port = ServiceProcess.freePort();
      Map<String, String> env = new HashMap<>();
      env.put("MIGRATION_GUARD_TLS_CERT", certs.resolve("tls.crt").toString());
      env.put("MIGRATION_GUARD_TLS_KEY", certs.resolve("tls.key").toString());
      env.put("MIGRATION_GUARD_PORT", Integer.toString(port));
      env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
      env.put("MIGRATION_GUARD_CLUSTER", "on");
      env.put("MIGRATION_GUARD_CLUSTER_INFLIGHT_TTL", TTL.toSeconds() + "s");
      env.put("MIGRATION_GUARD_CLUSTER_UNSEEN_TTL", UNSEEN.toSeconds() + "s");
      env.put("KUBECONFIG", kubeconfig.toString());
      env.put("POD_NAMESPACE", NAMESPACE);
      env.put("POD_NAME", name);
      replicas.add(ServiceProcess.start(env, dir));
      clients.add(validate.client(port));
    }
    for (int i = 0; i < replicas.size(); i++) {
      ApiServerClient c = clients.get(i);
      replicas.get(i).awaitReady(Duration.ofSeconds(90), () -> ready(c));
    }
  }

  @AfterAll
  void stop() throws Exception {
    senders.shutdownNow();
    for (ServiceProcess p : replicas) {
      p.close();
    }
    if (admin != null) {
      admin.close();
    }
    if (api != null) {
      api.destroy();
    }
  }

  @Test
  @Order(1)
  void ofSimultaneousIdenticalPolicyCreatesExactlyOneIsAdmittedPerRound() throws Exception {
    for (int round = 0; round < 20; round++) {
      int n = 2 + round % 5;
      List<ObjectNode> reviews = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        // Every fourth round the requests are identical to the letter, name included: two
        // requests still, of which the API server would store one.
        String name = round % 4 == 0 ? "policy-" + round : "policy-" + round + "-" + i;
        ObjectNode policy = Reviews.policy();
        ((ObjectNode) policy.get("metadata")).put("name", name);
        ObjectNode selectors = (ObjectNode) policy.at("/spec/selectors");
        selectors.putObject("virtualMachineInstanceSelector").put("round", "p" + round);
        reviews.add(Reviews.request(Kind.POLICY, Operation.CREATE, policy, null));
      }
      assertExactlyOneAdmitted("policy round " + round, reviews, "policy-selectors-unique");
    }
  }

  @Test
  @Order(2)
  void ofSimultaneousMigrationsOfOneVmiExactlyOneIsAdmittedPerRound() throws Exception {
    for (int round = 0; round < 20; round++) {
      int n = 2 + round % 5;
      List<ObjectNode> reviews = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        ObjectNode m = migration("migration-" + round + "-" + i, "vm-" + (round + 1));
        reviews.add(Reviews.request(Kind.VMIM, Operation.CREATE, m, null));
      }
      assertExactlyOneAdmitted("migration round " + round, reviews, "vmim-no-inflight");
    }
  }

  @Test
  @Order(3)
  void aReplicaKilledHoldingALeaseReleasesItWhenItExpiresAndTheSweepDeletesIt() throws Exception {
    ObjectNode first = killPolicy("held-by-a");
    long taken = System.nanoTime(); // the Lease is taken after this, never before
    assertTrue(allowed(post(0, first)), "replica-a admits the first policy");
    replicas.get(0).kill();
    JsonNode second = post(1, killPolicy("second"));
    if (allowed(second)) {
      // Only on a machine so loaded that the kill took the unseen time.
      assertTrue(elapsed(taken).compareTo(UNSEEN) >= 0, "admitted too early: " + second);
    } else {
      assertTrue(
          second.toString().contains("MigrationPolicy/held-by-a @replica-a"),
          "the denial names the holder: " + second);
    }
    // Its holder never reached the caches (it was never created): replica-b takes the Lease over
    // once it has gone unseen for the unseen time, after the whole Lease at the latest.
    // (The deadlines are wide for a loaded machine: what fails is "never".)
    Await.until(
        TTL.plusSeconds(15),
        () -> post(1, killPolicy("third")),
        ReplicasIT::allowed,
        "admitted once the dead replica's Lease ran out");
    assertTrue(elapsed(taken).compareTo(UNSEEN) >= 0, "not before the unseen time");
    // The sweep of the surviving replica deletes every expired Lease (one per round above).
    Await.until(
        TTL.multipliedBy(4).plusSeconds(15),
        () ->
            admin.leases().inNamespace(NAMESPACE).list().getItems().stream()
                .map(l -> l.getMetadata().getName())
                .toList(),
        List::isEmpty,
        "every expired Lease swept");
  }

  private record HttpReply(JsonNode body, Duration took) {}

  private void assertExactlyOneAdmitted(String what, List<ObjectNode> reviews, String rule)
      throws Exception {
    CountDownLatch go = new CountDownLatch(1);
    List<Future<HttpReply>> answers = new ArrayList<>();
    for (int i = 0; i < reviews.size(); i++) {
      int replica = i % 2;
      ObjectNode review = reviews.get(i);
      answers.add(
          senders.submit(
              () -> {
                go.await();
                long start = System.nanoTime();
                JsonNode body = post(replica, review);
                return new HttpReply(body, elapsed(start));
              }));
    }
    go.countDown();
    int admitted = 0;
    for (Future<HttpReply> f : answers) {
      HttpReply a = f.get();
      assertTrue(a.took().compareTo(SLOWEST_ANSWER) < 0, what + ": answered in " + a.took());
      if (allowed(a.body())) {
        admitted++;
      } else {
        assertEquals(422, a.body().at("/response/status/code").asInt(), what + ": " + a.body());
        assertTrue(
            a.body().toString().contains(rule), what + ": denied by " + rule + ": " + a.body());
      }
    }
    assertEquals(1, admitted, what + ": admitted of " + reviews.size());
  }

  private JsonNode post(int replica, ObjectNode review) throws Exception {
    var r = clients.get(replica).post(validate.path(), Reviews.JSON.writeValueAsBytes(review));
    assertEquals(200, r.status(), r.text());
    return Reviews.read(r.text());
  }

  private static boolean allowed(JsonNode answer) {
    return answer.at("/response/allowed").asBoolean(false);
  }

  private static ObjectNode killPolicy(String name) {
    ObjectNode policy = Reviews.policy();
    ((ObjectNode) policy.get("metadata")).put("name", name);
    ((ObjectNode) policy.at("/spec/selectors"))
        .putObject("virtualMachineInstanceSelector")
        .put("round", "kill");
    return Reviews.request(Kind.POLICY, Operation.CREATE, policy, null);
  }

  private static ObjectNode migration(String name, String vmi) {
    return (ObjectNode)
        Reviews.read(
            "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstanceMigration\","
                + "\"metadata\":{\"name\":\""
                + name
                + "\",\"namespace\":\"prod-databases\"},\"spec\":{\"vmiName\":\""
                + vmi
                + "\"}}");
  }

  private static Duration elapsed(long since) {
    return Duration.ofNanos(System.nanoTime() - since);
  }

  private static boolean ready(ApiServerClient c) {
    try {
      return c.get("/q/health/ready").status() == 200;
    } catch (Exception e) {
      return false;
    }
  }
}
