package io.migrationguard.cluster;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseList;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseSpecBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.migrationguard.core.model.Review;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Reservations in the API server, so that uniqueness holds across replicas: before a create that a
 * uniqueness rule protects is admitted, a {@code coordination.k8s.io/v1} Lease named from a hash of
 * its canonical key (a policy's selectors; a migration's namespace and VMI) is taken in the
 * service's own namespace. The API server is linearizable: of two replicas taking the same Lease,
 * exactly one create succeeds (the other gets 409 AlreadyExists), and of two taking over an expired
 * one, exactly one update with the read resourceVersion succeeds (409 Conflict). The informer check
 * stays; the Lease closes the window between "allowed" here and the informers seeing the object.
 *
 * <p>A Lease lasts {@code migration-guard.cluster.inflight-ttl}; the rules of taking one over are
 * {@link LeaseTerms#yieldsTo}, and {@link #sweep} deletes the expired ones. Blocking: called off
 * the event loop, within the review's lookup budget.
 */
public final class LeaseReservations {
  /** The label on every Lease of ours (the sweep lists by it). */
  public static final Map<String, String> LABELS =
      Map.of("app.kubernetes.io/managed-by", "migration-guard");

  /**
   * The most Leases this replica remembers holding (one per key reserved within the in-flight
   * time): beyond it, reviews ask the API server, as they would without the memory.
   */
  private static final int REMEMBERED = 10_000;

  private final KubernetesClient client;
  private final String namespace;
  private final String replica;
  private final Duration ttl;
  private final Duration unseen;
  private final Clock clock;

  /**
   * The Leases this replica took, by name, until they expire: a review of a key held here for
   * another object (or for the same object moments ago) is refused without a round trip, which is
   * what the API server would answer. A Lease another replica took over since can only be held by
   * someone: refusing is still right.
   */
  private final Map<String, LeaseTerms> mine = new ConcurrentHashMap<>();

  /** What a reservation came to. */
  public sealed interface Reservation {
    /** Taken: the review may be admitted. */
    record Reserved(String lease) implements Reservation {}

    /** Another review holds it: deny, naming the holder. */
    record Held(String lease, String holder) implements Reservation {}

    /** The API server could not be asked: 503. */
    record Unavailable(String message) implements Reservation {}
  }

  /** What the caches say of the object holding a Lease. */
  public enum Holder {
    /** Present and not done, or not known: the Lease stands until it expires. */
    LIVE,
    /** A migration the caches show Succeeded or Failed: done with the Lease at once. */
    FINISHED,
    /**
     * Absent from fresh caches (deleted, or never written because another webhook denied it or the
     * review was forged): done with the Lease once it has gone unseen for {@code
     * migration-guard.cluster.unseen-ttl} (2 s), by which time a real admitted write has reached
     * synced, watching caches (it shows up within milliseconds).
     */
    ABSENT
  }

  public LeaseReservations(
      KubernetesClient client, String namespace, String replica, Duration ttl, Clock clock) {
    this(client, namespace, replica, ttl, ttl.dividedBy(2), clock);
  }

  /**
   * @param unseen how long a Lease whose holder the fresh caches do not show stands
   */
  public LeaseReservations(
      KubernetesClient client,
      String namespace,
      String replica,
      Duration ttl,
      Duration unseen,
      Clock clock) {
    this.client = client;
    this.namespace = namespace;
    this.replica = replica;
    this.ttl = ttl;
    this.unseen = unseen;
    this.clock = clock;
  }

  /**
   * The holder of a review's Lease: the object under review and this replica. Without a name (a
   * {@code generateName} create) the object is never the same as another's.
   */
  String holder(Review review) {
    // Bounded by the longest valid names (a namespace is a DNS label, a name a DNS subdomain): a
    // forged review with a megabyte name must not write a megabyte into a Lease.
    String name = cap(review.name(), 253);
    String object =
        review.kind().kindName()
            + "/"
            + (review.kind().namespaced() ? cap(review.effectiveNamespace(), 63) + "/" : "")
            + (name.isEmpty() ? "(generated " + Long.toHexString(System.nanoTime()) + ")" : name);
    return object + " @" + cap(replica, 253);
  }

  private static String cap(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max);
  }

  /** Takes the Lease of {@code key} for {@code review}. */
  public Reservation reserve(String key, Review review) {
    return reserve(key, review, holderObject -> Holder.LIVE);
  }

  /**
   * Takes the Lease of {@code key} for {@code review}: creates it, or takes it over when {@link
   * LeaseTerms#yieldsTo} says so (with the read resourceVersion as precondition).
   *
   * @param holders given the holder's object ({@code Kind/namespace/name}), what the caches say
   */
  public Reservation reserve(String key, Review review, Function<String, Holder> holders) {
    String name = ReservationKeys.leaseName(key);
    String holder = holder(review);
    Optional<Reservation.Held> held = heldHere(name, holder, holders);
    if (held.isPresent()) {
      return held.get();
    }
    try {
      for (int attempt = 0; attempt < 2; attempt++) {
        try {
          return taken(name, create(name, holder));
        } catch (KubernetesClientException e) {
          if (e.getCode() != 409) {
            throw e;
          }
        }
        Lease current = leases().withName(name).get();
        if (current == null) {
          continue; // deleted between the two calls: try creating it again
        }
        LeaseTerms terms = LeaseTerms.of(current);
        if (!yields(terms, holder, holders)) {
          return new Reservation.Held(name, terms.holder());
        }
        try {
          Lease next = lease(name, holder, current.getMetadata().getResourceVersion());
          return taken(name, leases().resource(next).update());
        } catch (KubernetesClientException e) {
          if (e.getCode() != 409) {
            throw e;
          }
          Lease winner = leases().withName(name).get();
          String won = winner == null ? null : LeaseTerms.of(winner).holder();
          return new Reservation.Held(name, won == null ? "another review" : won);
        }
      }
      return new Reservation.Held(name, "another review");
    } catch (KubernetesClientException e) {
      return new Reservation.Unavailable(
          "could not reserve Lease " + namespace + "/" + name + ": " + reason(e));
    }
  }

  /**
   * Without a round trip: the Lease of {@code key} when this replica holds it for a holder that
   * does not yield to {@code review} (the same object retried within {@link
   * LeaseTerms#RETRY_AFTER}, another object the caches show live), which is what taking it would
   * answer. Empty when the memory cannot tell: then only the API server can.
   */
  public Optional<Reservation.Held> heldHere(
      String key, Review review, Function<String, Holder> holders) {
    return heldHere(ReservationKeys.leaseName(key), holder(review), holders);
  }

  private Optional<Reservation.Held> heldHere(
      String name, String holder, Function<String, Holder> holders) {
    LeaseTerms remembered = mine.get(name);
    if (remembered == null) {
      return Optional.empty();
    }
    if (remembered.expired(clock.instant())) {
      mine.remove(name, remembered);
      return Optional.empty();
    }
    return yields(remembered, holder, holders)
        ? Optional.empty()
        : Optional.of(new Reservation.Held(name, remembered.holder()));
  }

  private boolean yields(LeaseTerms terms, String holder, Function<String, Holder> holders) {
    Instant now = clock.instant();
    if (terms.expired(now)
        || LeaseTerms.objectOf(terms.holder()).equals(LeaseTerms.objectOf(holder))) {
      return terms.yieldsTo(holder, Holder.LIVE, now);
    }
    return terms.yieldsTo(holder, holders.apply(LeaseTerms.objectOf(terms.holder())), now, unseen);
  }

  private Lease create(String name, String holder) {
    return leases().resource(lease(name, holder, null)).create();
  }

  private Reservation taken(String name, Lease written) {
    if (mine.size() < REMEMBERED) {
      mine.put(name, LeaseTerms.of(written));
    }
    return new Reservation.Reserved(name);
  }

  /** Deletes every expired Lease of ours, each only if unchanged since it was read. */
  public int sweep() {
    Instant now = clock.instant();
    mine.values().removeIf(t -> t.expired(now));
    int deleted = 0;
    for (Lease l : leases().withLabels(LABELS).list().getItems()) {
      if (LeaseTerms.of(l).expired(now)) {
        try {
          leases()
              .withName(l.getMetadata().getName())
              .lockResourceVersion(l.getMetadata().getResourceVersion())
              .delete();
          deleted++;
        } catch (KubernetesClientException e) {
          // Taken over or deleted by another replica meanwhile: not ours to delete.
        }
      }
    }
    return deleted;
  }

  private NonNamespaceOperation<Lease, LeaseList, Resource<Lease>> leases() {
    return client.leases().inNamespace(namespace);
  }

  private Lease lease(String name, String holder, String resourceVersion) {
    ZonedDateTime now = ZonedDateTime.now(clock);
    return new LeaseBuilder()
        .withMetadata(
            new ObjectMetaBuilder()
                .withName(name)
                .withNamespace(namespace)
                .withLabels(LABELS)
                .withResourceVersion(resourceVersion)
                .build())
        .withSpec(
            new LeaseSpecBuilder()
                .withHolderIdentity(holder)
                .withLeaseDurationSeconds((int) Math.max(1, ttl.toSeconds()))
                .withAcquireTime(now)
                .withRenewTime(now)
                .build())
        .build();
  }

  private static String reason(KubernetesClientException e) {
    String m = e.getStatus() != null ? e.getStatus().getMessage() : null;
    if (m == null && e.getCause() != null) {
      m = e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage();
    }
    return m == null ? "HTTP " + e.getCode() : m;
  }
}
