package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.migrationguard.core.cluster.InMemoryClusterView;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.testing.Await;
import io.migrationguard.testing.CrudApiServer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Reservations across replicas, against the fabric8 mock API server in CRUD mode (which answers a
 * create of an existing Lease with 409, as the real one does): two replicas, each with its own gate
 * and its own client, taking the same Leases at the same moment.
 */
class LeaseReservationsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String NS = "migration-guard";

  private KubernetesMockServer server;
  private final List<KubernetesClient> clients = new ArrayList<>();

  @BeforeEach
  void start() {
    server = CrudApiServer.start(new KubernetesCrudDispatcher(), true, 0);
  }

  @AfterEach
  void stop() {
    clients.forEach(KubernetesClient::close);
    server.destroy();
  }

  private LeaseReservations replica(String name, Clock clock, Duration ttl) {
    KubernetesClient c = server.createClient();
    clients.add(c);
    return new LeaseReservations(c, NS, name, ttl, clock);
  }

  private static Review policy(String name, String team) {
    ObjectNode p = JSON.createObjectNode();
    p.put("apiVersion", "migrations.kubevirt.io/v1alpha1").put("kind", "MigrationPolicy");
    p.putObject("metadata").put("name", name);
    p.putObject("spec").putObject("selectors").putObject("namespaceSelector").put("team", team);
    return new Review(Kind.POLICY, Operation.CREATE, p, null, null, "u", FieldValidation.WARN);
  }

  @Test
  void ofConcurrentIdenticalCreatesExactlyOneIsAdmitted() throws Exception {
    Clock clock = Clock.systemUTC();
    List<ReviewGate> gates = new ArrayList<>();
    for (String r : List.of("replica-a", "replica-b")) {
      LeaseReservations reservations = replica(r, clock, Duration.ofSeconds(10));
      gates.add(
          new ReviewGate(
              InMemoryClusterView::new,
              new InflightRegistry(Duration.ofSeconds(10)),
              Duration.ofSeconds(2),
              reservations));
    }
    ExecutorService pool = Executors.newFixedThreadPool(6);
    try {
      for (int round = 0; round < 10; round++) {
        int n = 2 + round % 5;
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Decision>> answers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          ReviewGate gate = gates.get(i % 2);
          Review review = policy("p-" + round + "-" + i, "team-" + round);
          answers.add(
              pool.submit(
                  () -> {
                    go.await();
                    return gate.admit(
                        review,
                        false,
                        v -> new Decision(List.of(), List.of(), List.of(), List.of()));
                  }));
        }
        go.countDown();
        int admitted = 0;
        for (Future<Decision> f : answers) {
          Decision d = f.get();
          if (d.allowed()) {
            admitted++;
          } else {
            assertEquals("policy-selectors-unique", d.errors().get(0).rule());
            assertTrue(d.errors().get(0).detail().contains("holds the reservation"), d.toString());
          }
        }
        assertEquals(1, admitted, "round " + round + " of " + n + " identical creates");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aDryRunNeverTakesALease() {
    ReviewGate gate =
        new ReviewGate(
            InMemoryClusterView::new,
            new InflightRegistry(Duration.ofSeconds(10)),
            Duration.ofSeconds(2),
            replica("replica-a", Clock.systemUTC(), Duration.ofSeconds(10)));
    Decision d =
        gate.admit(
            policy("p", "t"), true, v -> new Decision(List.of(), List.of(), List.of(), List.of()));
    assertTrue(d.allowed());
    assertEquals(0, clients.get(0).leases().inNamespace(NS).list().getItems().size());
  }

  @Test
  void anExpiredLeaseIsTakenOverAndSweptAndTheSameObjectRetries() {
    AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-12-01T10:00:00Z"));
    Clock clock = fixed(now);
    LeaseReservations a = replica("replica-a", clock, Duration.ofSeconds(10));
    LeaseReservations b = replica("replica-b", clock, Duration.ofSeconds(10));
    String key = reservedFirst(a, "t");
    // The same object sent to the other replica at the same moment is a second request, not a
    // retry: refused. A second later it is a retried create, and takes the Lease over; another
    // object is refused.
    assertInstanceOf(
        LeaseReservations.Reservation.Held.class, b.reserve(key, policy("first", "t")));
    now.set(now.get().plus(LeaseTerms.RETRY_AFTER));
    assertInstanceOf(
        LeaseReservations.Reservation.Reserved.class, b.reserve(key, policy("first", "t")));
    var held = b.reserve(key, policy("second", "t"));
    assertInstanceOf(LeaseReservations.Reservation.Held.class, held);
    assertTrue(
        ((LeaseReservations.Reservation.Held) held).holder().startsWith("MigrationPolicy/first"));
    assertEquals(0, a.sweep(), "nothing expired yet");
    // A holder absent from the caches (deleted; or never written) releases it after half the
    // duration, not before: an admitted write may still be on its way.
    var absent = b.reserve(key, policy("third", "t"), h -> LeaseReservations.Holder.ABSENT);
    assertInstanceOf(LeaseReservations.Reservation.Held.class, absent);
    now.set(now.get().plusSeconds(6));
    assertInstanceOf(
        LeaseReservations.Reservation.Reserved.class,
        b.reserve(key, policy("third", "t"), h -> LeaseReservations.Holder.ABSENT));
    // The replica that held it died: after the lease duration it is taken over, then swept.
    now.set(now.get().plusSeconds(11));
    assertInstanceOf(
        LeaseReservations.Reservation.Reserved.class, a.reserve(key, policy("second", "t")));
    now.set(now.get().plusSeconds(11));
    assertEquals(1, b.sweep());
    assertEquals(0, clients.get(0).leases().inNamespace(NS).list().getItems().size());
  }

  @Test
  void aLeaseThisReplicaHoldsRefusesAnotherObjectWithoutARoundTrip() {
    LeaseReservations a = replica("replica-a", Clock.systemUTC(), Duration.ofSeconds(10));
    String key = reservedFirst(a, "r");
    int requests = server.getRequestCount();
    var again = a.reserve(key, policy("second", "r"));
    assertInstanceOf(LeaseReservations.Reservation.Held.class, again);
    assertTrue(
        ((LeaseReservations.Reservation.Held) again).holder().startsWith("MigrationPolicy/first"));
    assertEquals(requests, server.getRequestCount(), "answered from what this replica wrote");
    // Another replica, which holds nothing, asks the API server and gets the same answer.
    LeaseReservations b = replica("replica-b", Clock.systemUTC(), Duration.ofSeconds(10));
    assertInstanceOf(
        LeaseReservations.Reservation.Held.class, b.reserve(key, policy("second", "r")));
    assertTrue(server.getRequestCount() > requests);
  }

  @Test
  void whatThisReplicaHoldsIsKnownWithoutARoundTripAndTheRestIsLeftToTheApiServer() {
    AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-12-01T10:00:00Z"));
    LeaseReservations a = replica("replica-a", fixed(now), Duration.ofSeconds(10));
    String key = ReservationKeys.of(policy("first", "h")).orElseThrow();
    java.util.function.Function<String, LeaseReservations.Holder> live =
        h -> LeaseReservations.Holder.LIVE;
    assertTrue(a.heldHere(key, policy("first", "h"), live).isEmpty(), "nothing taken yet");
    assertInstanceOf(
        LeaseReservations.Reservation.Reserved.class, a.reserve(key, policy("first", "h")));
    int requests = server.getRequestCount();
    // The same create sent again at once, and another object with the same selectors: refused.
    assertTrue(a.heldHere(key, policy("first", "h"), live).isPresent());
    var other = a.heldHere(key, policy("second", "h"), live).orElseThrow();
    assertTrue(other.holder().startsWith("MigrationPolicy/first"), other.holder());
    // What only the API server can say is left to it: a retry after RETRY_AFTER, a holder the
    // caches no longer show, another replica's Lease.
    now.set(now.get().plus(LeaseTerms.RETRY_AFTER));
    assertTrue(a.heldHere(key, policy("first", "h"), live).isEmpty());
    now.set(now.get().plusSeconds(6));
    assertTrue(
        a.heldHere(key, policy("second", "h"), h -> LeaseReservations.Holder.ABSENT).isEmpty());
    LeaseReservations b = replica("replica-b", fixed(now), Duration.ofSeconds(10));
    assertTrue(b.heldHere(key, policy("second", "h"), live).isEmpty());
    assertEquals(requests, server.getRequestCount(), "no request to the API server");
  }

  /**
   * On the event loop (the service's own view, caches fresh): a create whose Lease this replica
   * took moments ago for the same object is refused there and then, with no worker, lock or
   * request; one it does not hold moves to a worker for the Lease ({@link ReviewGate.MustWait}).
   */
  @Test
  void aCreateSentAgainIsRefusedOnTheEventLoopFromWhatThisReplicaHolds() throws Exception {
    // A fixed clock: the copy below is "within a second" of the Lease whatever the machine's
    // pauses.
    AtomicReference<Instant> now = new AtomicReference<>(Instant.now());
    KubernetesClient c = server.createClient();
    clients.add(c);
    InflightRegistry inflight = new InflightRegistry(Duration.ofSeconds(10));
    try (InformerClusterView view =
        InformerClusterView.start(c, JSON, inflight, Duration.ofSeconds(2))) {
      ReviewGate gate =
          new ReviewGate(
              () -> view,
              inflight,
              Duration.ofSeconds(2),
              replica("replica-a", fixed(now), Duration.ofSeconds(10)));
      Review review = policy("again", "loop");
      // Every informer listed and watching: none sends a request during the count below.
      Await.until(
          "every cache fresh",
          () -> view.states().stream().allMatch(s -> s.notServed() || s.synced() && s.watching()));
      Await.until("the caches answer it", () -> !gate.mayBlock(review, false));
      java.util.function.Function<io.migrationguard.core.cluster.ClusterView, Decision> allow =
          v -> new Decision(List.of(), List.of(), List.of(), List.of());
      assertThrows(ReviewGate.MustWait.class, () -> gate.admit(review, false, allow, false));
      assertTrue(gate.admit(review, false, allow, true).allowed(), "the Lease taken on a worker");
      int requests = server.getRequestCount();
      Decision again = gate.admit(review, false, allow, false);
      assertEquals("policy-selectors-unique", again.errors().get(0).rule());
      assertTrue(again.errors().get(0).detail().contains("MigrationPolicy/again @replica-a"));
      assertEquals(requests, server.getRequestCount(), "no request to the API server");
    }
  }

  /**
   * Another object's Lease, and caches that cannot say whether its holder still exists: the memory
   * does not refuse (a worker asks the API server, which may find the holder gone), where taking
   * the Lease keeps it standing.
   */
  @Test
  void whereTheCachesCannotTellTheMemoryDoesNotRefuse() {
    LeaseReservations a = replica("replica-a", Clock.systemUTC(), Duration.ofSeconds(10));
    String key = reservedFirst(a, "blind");
    InMemoryClusterView blind =
        new InMemoryClusterView() {
          @Override
          public List<com.fasterxml.jackson.databind.JsonNode> migrationPolicies() {
            throw new io.migrationguard.core.cluster.ClusterUnavailableException(
                Lookup.POLICIES, "the cache is being resynchronised");
          }
        };
    Decision allowed = new Decision(List.of(), List.of(), List.of(), List.of());
    ReservationStep step = new ReservationStep(a);
    Review second = policy("second", "blind");
    assertTrue(step.refusedHere(Optional.of(key), second, allowed, blind).isEmpty());
    InMemoryClusterView seeing =
        new InMemoryClusterView().addPolicy(policy("first", "blind").object());
    assertTrue(step.refusedHere(Optional.of(key), second, allowed, seeing).isPresent());
  }

  /** Takes, through {@code replica}, the Lease of a policy "first" selecting {@code team}. */
  private static String reservedFirst(LeaseReservations replica, String team) {
    String key = ReservationKeys.of(policy("first", team)).orElseThrow();
    assertInstanceOf(
        LeaseReservations.Reservation.Reserved.class, replica.reserve(key, policy("first", team)));
    return key;
  }

  private static Clock fixed(AtomicReference<Instant> now) {
    return new Clock() {
      @Override
      public ZoneOffset getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(java.time.ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        return now.get();
      }
    };
  }

  private static Review migration(String name) {
    ObjectNode m = JSON.createObjectNode();
    m.put("apiVersion", "kubevirt.io/v1").put("kind", "VirtualMachineInstanceMigration");
    m.putObject("metadata").put("name", name).put("namespace", "db");
    m.putObject("spec").put("vmiName", "db-0");
    return new Review(Kind.VMIM, Operation.CREATE, m, null, "db", "u", FieldValidation.WARN);
  }

  @Test
  void aMigrationTheCachesShowFinishedReleasesItsVmiAtOnce() {
    InMemoryClusterView cluster = new InMemoryClusterView();
    ReviewGate gate =
        new ReviewGate(
            () -> cluster,
            new InflightRegistry(Duration.ofSeconds(10)),
            Duration.ofSeconds(2),
            replica("replica-a", Clock.systemUTC(), Duration.ofSeconds(10)));
    java.util.function.Function<io.migrationguard.core.cluster.ClusterView, Decision> allow =
        v -> new Decision(List.of(), List.of(), List.of(), List.of());
    assertTrue(gate.admit(migration("first"), false, allow).allowed());
    // Within the Lease's lifetime, another migration of the VMI is refused...
    assertTrue(!gate.admit(migration("second"), false, allow).allowed());
    // ...unless the first is known to have finished (Failed), as the informer reports it.
    ObjectNode failed = migration("first").object().deepCopy();
    failed.putObject("status").put("phase", "Failed");
    cluster.addMigration(failed);
    assertTrue(gate.admit(migration("third"), false, allow).allowed());
  }

  @Test
  void keysAreCanonical() {
    Review one = policy("a", "x");
    ObjectNode other = one.object().deepCopy();
    ((ObjectNode) other.at("/spec/selectors")).putObject("virtualMachineInstanceSelector");
    Review same =
        new Review(Kind.POLICY, Operation.CREATE, other, null, null, "u", FieldValidation.WARN);
    assertEquals(ReservationKeys.of(one), ReservationKeys.of(same));
    assertNotEquals(ReservationKeys.of(one), ReservationKeys.of(policy("a", "y")));
    assertTrue(ReservationKeys.leaseName(ReservationKeys.of(one).orElseThrow()).length() < 64);
  }
}
