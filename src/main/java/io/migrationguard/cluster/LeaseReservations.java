package io.migrationguard.cluster;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseSpecBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Review;
import io.migrationguard.core.rules.Checks;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
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
 * <p>A Lease lasts {@code migration-guard.cluster.inflight-ttl}; it is taken over when expired or
 * when held for the same object for a second or more (a retried create), and {@link #sweep} deletes
 * the expired ones. Blocking: called off the event loop, within the review's lookup budget.
 */
public final class LeaseReservations {
  /** The label on every Lease of ours (the sweep lists by it). */
  public static final Map<String, String> LABELS =
      Map.of("app.kubernetes.io/managed-by", "migration-guard");

  /**
   * How long after a Lease is taken the same object counts as a retry: longer than the spread of
   * requests sent together, shorter than any client's retry after a denial or a timeout.
   */
  static final Duration RETRY_AFTER = Duration.ofSeconds(1);

  private final KubernetesClient client;
  private final String namespace;
  private final String replica;
  private final Duration ttl;
  private final Clock clock;

  /** What a reservation came to. */
  public sealed interface Outcome {
    /** Taken: the review may be admitted. */
    record Reserved(String lease) implements Outcome {}

    /** Another review holds it: deny, naming the holder. */
    record Held(String lease, String holder) implements Outcome {}

    /** The API server could not be asked: 503. */
    record Unavailable(String message) implements Outcome {}
  }

  public LeaseReservations(
      KubernetesClient client, String namespace, String replica, Duration ttl, Clock clock) {
    this.client = client;
    this.namespace = namespace;
    this.replica = replica;
    this.ttl = ttl;
    this.clock = clock;
  }

  /**
   * The canonical key a review reserves, or empty when it needs none: a MigrationPolicy CREATE, or
   * an UPDATE that changes the selectors (by their canonical form); a migration CREATE.
   */
  public static Optional<String> key(Review review) {
    if (review.kind() == Kind.POLICY) {
      String selectors = canonicalSelectors(review.object());
      boolean changes =
          review.operation() == Operation.CREATE
              || (review.operation() == Operation.UPDATE
                  && review.oldObject() != null
                  && !selectors.equals(canonicalSelectors(review.oldObject())));
      return changes ? Optional.of("MigrationPolicy " + selectors) : Optional.empty();
    }
    if (review.kind() == Kind.VMIM && review.operation() == Operation.CREATE) {
      String vmi = Checks.textOrEmpty(Checks.at(review.object(), "spec", "vmiName"));
      return vmi.isEmpty()
          ? Optional.empty()
          : Optional.of(
              "VirtualMachineInstanceMigration " + review.effectiveNamespace() + "/" + vmi);
    }
    return Optional.empty();
  }

  /**
   * Both selectors as sorted maps (absent, null and {@code {}} the same), so that any spelling of
   * the same selectors gives the same key. Selector values are strings: no Quantity to normalise.
   */
  static String canonicalSelectors(com.fasterxml.jackson.databind.JsonNode policy) {
    var s = Checks.at(policy, "spec", "selectors");
    // Checks.stringMap is the canonical form the selector rules compare: sorted, absent = {}.
    return "ns="
        + Checks.stringMap(s.get("namespaceSelector"))
        + " vmi="
        + Checks.stringMap(s.get("virtualMachineInstanceSelector"));
  }

  /** The Lease name of a key: {@code migration-guard-} and 24 hex digits of its SHA-256. */
  static String leaseName(String key) {
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
      return "migration-guard-" + HexFormat.of().formatHex(hash, 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The holder of a review's Lease: the object under review and this replica. Without a name (a
   * {@code generateName} create) the object is never the same as another's.
   */
  String holder(Review review) {
    String name = review.name();
    String object =
        review.kind().kindName()
            + "/"
            + (review.kind().namespaced() ? review.effectiveNamespace() + "/" : "")
            + (name.isEmpty() ? "(generated " + Long.toHexString(System.nanoTime()) + ")" : name);
    return object + " @" + replica;
  }

  private static String objectOf(String holder) {
    int at = holder == null ? -1 : holder.lastIndexOf(" @");
    return at < 0 ? String.valueOf(holder) : holder.substring(0, at);
  }

  /** What the caches say of the object holding a Lease. */
  public enum Holder {
    /** Present and not done, or not known: the Lease stands until it expires. */
    LIVE,
    /** A migration the caches show Succeeded or Failed: done with the Lease at once. */
    FINISHED,
    /**
     * Absent from fresh caches (deleted, or never written because another webhook denied it): done
     * with the Lease after half its duration, by which time an admitted write would have reached
     * the caches in all but the slowest admission chains.
     */
    ABSENT
  }

  /** Takes the Lease of {@code key} for {@code review}. */
  public Outcome reserve(String key, Review review) {
    return reserve(key, review, holderObject -> Holder.LIVE);
  }

  /**
   * Takes the Lease of {@code key} for {@code review}; a live Lease is also taken over when its
   * holder is done with it ({@link Holder}): the next migration of a VMI must not wait for the
   * Lease of a finished one, nor a policy for the Lease of a deleted one.
   *
   * @param holders given the holder's object ({@code Kind/namespace/name}), what the caches say
   */
  public Outcome reserve(String key, Review review, Function<String, Holder> holders) {
    String name = leaseName(key);
    String holder = holder(review);
    try {
      for (int attempt = 0; attempt < 2; attempt++) {
        try {
          client.leases().inNamespace(namespace).resource(lease(name, holder, null)).create();
          return new Outcome.Reserved(name);
        } catch (KubernetesClientException e) {
          if (e.getCode() != 409) {
            throw e;
          }
        }
        Lease current = client.leases().inNamespace(namespace).withName(name).get();
        if (current == null) {
          continue; // deleted between the two calls: try creating it again
        }
        String currentHolder =
            current.getSpec() == null ? null : current.getSpec().getHolderIdentity();
        if (!expired(current)
            && !retriedBy(current, currentHolder, holder)
            && !released(holders.apply(objectOf(currentHolder)), current)) {
          return new Outcome.Held(name, currentHolder);
        }
        try {
          client
              .leases()
              .inNamespace(namespace)
              .resource(lease(name, holder, current.getMetadata().getResourceVersion()))
              .update();
          return new Outcome.Reserved(name);
        } catch (KubernetesClientException e) {
          if (e.getCode() != 409) {
            throw e;
          }
          Lease winner = client.leases().inNamespace(namespace).withName(name).get();
          return new Outcome.Held(
              name,
              winner == null || winner.getSpec() == null
                  ? "another review"
                  : winner.getSpec().getHolderIdentity());
        }
      }
      return new Outcome.Held(name, "another review");
    } catch (KubernetesClientException e) {
      return new Outcome.Unavailable(
          "could not reserve Lease " + namespace + "/" + name + ": " + reason(e));
    }
  }

  /** Deletes every expired Lease of ours, each only if unchanged since it was read. */
  public int sweep() {
    int deleted = 0;
    for (Lease l : client.leases().inNamespace(namespace).withLabels(LABELS).list().getItems()) {
      if (expired(l)) {
        try {
          client
              .leases()
              .inNamespace(namespace)
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

  /**
   * Whether {@code holder} retries the create that holds the Lease: the same object, and the Lease
   * taken at least {@link #RETRY_AFTER} ago. Identical creates sent at the same moment (the same
   * name to two replicas) are two requests, not a retry: the API server would store at most one of
   * them, so the webhook admits at most one.
   */
  private boolean retriedBy(Lease l, String currentHolder, String holder) {
    if (!objectOf(currentHolder).equals(objectOf(holder))) {
      return false;
    }
    var renewed = l.getSpec() == null ? null : l.getSpec().getRenewTime();
    return renewed == null || !renewed.toInstant().plus(RETRY_AFTER).isAfter(clock.instant());
  }

  private boolean released(Holder holder, Lease l) {
    return holder == Holder.FINISHED || (holder == Holder.ABSENT && olderThanHalf(l));
  }

  private boolean olderThanHalf(Lease l) {
    if (l.getSpec() == null || l.getSpec().getRenewTime() == null) {
      return true;
    }
    Integer seconds = l.getSpec().getLeaseDurationSeconds();
    long halfMillis = (seconds == null ? 0 : seconds.longValue()) * 500L;
    return l.getSpec().getRenewTime().toInstant().plusMillis(halfMillis).isBefore(clock.instant());
  }

  private boolean expired(Lease l) {
    if (l.getSpec() == null || l.getSpec().getRenewTime() == null) {
      return true;
    }
    Integer seconds = l.getSpec().getLeaseDurationSeconds();
    ZonedDateTime until =
        l.getSpec().getRenewTime().plusSeconds(seconds == null ? 0 : seconds.longValue());
    return until.toInstant().isBefore(clock.instant());
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
