package io.migrationguard.cluster;

import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.rules.RuleHelpers;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Where the webhook runs the engine on a review, so that two reviews sent at the same moment cannot
 * both be admitted when each alone would be: two MigrationPolicies with the same selectors, two
 * migrations of one VMI. A review is judged first without a lock: a refusal records nothing and is
 * answered as it is. An admission is recorded under its key's lock, and judged again there when
 * another admission of the same lock stripe was recorded meanwhile, so the check ("is there
 * another?") and the record ("there is now") act as one. What was admitted goes into the {@link
 * InflightRegistry} that the view lays over the cluster until the informer sees it. The engine is
 * not involved: it just sees a cluster that already holds what this process admitted.
 *
 * <p>Reviews lock by their reservation key (256 stripes): identical policy selectors, one migration
 * target; a policy UPDATE that keeps its selectors, a dry run and every other review take no lock.
 * On the event loop a review waits at most {@link #EVENT_LOOP_LOCK_WAIT} for its key's lock, then
 * moves to a worker ({@link MustWait}); there, waiting counts against the review's lookup timeout,
 * and when it runs out the contended rules answer "unavailable" (503) and the others still run.
 * Dry-run reviews are judged the same way but never recorded. Other replicas: an admitted create a
 * uniqueness rule protects also takes a {@link LeaseReservations} Lease in the API server, which
 * only one replica gets.
 */
public final class ReviewGate {
  private static final int STRIPES = 256;

  /**
   * Longest wait for a key's lock on the event loop: its holder is another review the caches answer
   * (microseconds), unless a cache went stale and a worker holds it for a live lookup.
   */
  private static final Duration EVENT_LOOP_LOCK_WAIT = Duration.ofMillis(5);

  /**
   * The lookups of a review get all but 1/RESERVE of the lookup timeout; the rest is kept for
   * judging, answering and the network, so that even a 503 after a hung API server reaches the
   * caller within the timeout (measured: the answer leaves about 20 ms after the lookups end).
   */
  private static final int RESERVE = 4;

  private final Supplier<ClusterView> view;
  private final InflightRegistry inflight;
  private final ReservationStep reservations;
  private final Duration lookupBudget;
  private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

  /**
   * Per stripe, how many admissions it has recorded: a judgement made before a change is redone.
   */
  private final AtomicIntegerArray versions = new AtomicIntegerArray(STRIPES);

  /**
   * @param view the view reviews are judged against, asked once per review ({@link
   *     InformerClusterView} gets a per-review deadline)
   * @param inflight where admitted objects are recorded
   * @param lookupTimeout the time within which a review is answered, lock wait and lookups included
   */
  public ReviewGate(Supplier<ClusterView> view, InflightRegistry inflight, Duration lookupTimeout) {
    this(view, inflight, lookupTimeout, null);
  }

  /**
   * @param reservations Leases that make uniqueness hold across replicas, or null (one replica, or
   *     no namespace to hold them in)
   */
  public ReviewGate(
      Supplier<ClusterView> view,
      InflightRegistry inflight,
      Duration lookupTimeout,
      LeaseReservations reservations) {
    this.view = view;
    this.inflight = inflight;
    this.reservations = reservations == null ? null : new ReservationStep(reservations);
    this.lookupBudget = lookupTimeout.minus(lookupTimeout.dividedBy(RESERVE));
    for (int i = 0; i < STRIPES; i++) {
      locks[i] = new ReentrantLock();
    }
  }

  /**
   * Thrown, on the event loop only, when a review's key lock stays busy for longer than the event
   * loop may wait ({@link #EVENT_LOOP_LOCK_WAIT}): nothing was judged or recorded; the caller
   * judges the review again on a worker ({@code onWorker} true), where it waits within its deadline
   * like any review that may block.
   */
  public static final class MustWait extends RuntimeException {
    MustWait() {
      super("the review's key is busy: judge it on a worker", null, false, false);
    }
  }

  /**
   * {@link #admit(Review, boolean, Function, boolean)} from a thread that may wait (not an event
   * loop): tests and tools. Judged as on the event loop, a review racing another for its key would
   * get {@link MustWait}, which only the HTTP handler knows to answer by moving to a worker.
   */
  public Decision admit(Review review, boolean dryRun, Function<ClusterView, Decision> validate) {
    return admit(review, dryRun, validate, true);
  }

  /**
   * Runs {@code validate} (normally {@code v -> engine.validate(review, v)}) against the cluster,
   * serialized with the reviews it could conflict with; records the object when the decision allows
   * it and {@code dryRun} is false.
   *
   * @param onWorker true on a worker thread: the review may wait on its key's lock and on the API
   *     server within its deadline even when the caches could answer it
   * @throws MustWait on the event loop, when the key's lock is busy
   */
  public Decision admit(
      Review review, boolean dryRun, Function<ClusterView, Decision> validate, boolean onWorker) {
    return admit(review, dryRun, validate, onWorker, System.nanoTime());
  }

  /**
   * As {@link #admit(Review, boolean, Function, boolean)}, for a review that arrived at {@code
   * arrivedNanos} ({@link System#nanoTime()}): time it spent queued for a worker counts against its
   * lookup budget, so that a burst (a node drain creates a migration per VMI at once) is answered
   * within the API server's timeout, with 503 for the lookups of a review that waited too long.
   */
  public Decision admit(
      Review review,
      boolean dryRun,
      Function<ClusterView, Decision> validate,
      boolean onWorker,
      long arrivedNanos) {
    Deadline deadline = new Deadline(arrivedNanos + lookupBudget.toNanos());
    ClusterView current = view.get();
    Optional<String> key = keyOf(review, dryRun, current); // once: it builds canonical selectors
    boolean onEventLoop = !onWorker && !mayBlock(() -> key, review, dryRun, current);
    ClusterView bound =
        current instanceof InformerClusterView v
            ? (onEventLoop ? v.cachesOnly() : v.within(deadline))
            : current;
    int stripe = dryRun ? -1 : stripeFor(key, review, current);
    if (stripe < 0) {
      return validate.apply(bound);
    }
    prefetch(review, bound);
    // Optimistic: a refusal records nothing, so it needs no lock; judge first and take the key's
    // lock only to record an admission. Reviews of one key that are refused (a policy sent again,
    // a second migration of a VMI) then never queue behind each other.
    int seen = versions.get(stripe);
    Decision first = validate.apply(bound);
    if (!first.allowed()) {
      return first;
    }
    if (onEventLoop && reservations != null) {
      // A create sent again within moments is refused from this replica's memory of its Leases;
      // any other reservation is a write to the API server: not on the event loop.
      return reservations.refusedHere(key, review, first, bound).orElseThrow(MustWait::new);
    }
    ReentrantLock lock = locks[stripe];
    if (!acquire(lock, onEventLoop ? Deadline.after(EVENT_LOOP_LOCK_WAIT) : deadline)) {
      if (onEventLoop) {
        throw new MustWait();
      }
      return validate.apply(
          new ContendedClusterView(bound, keyLookup(review), busyMessage(review)));
    }
    try {
      // Another review of this stripe recorded an admission since: judge again, now serialized.
      Decision decision = versions.get(stripe) == seen ? first : validate.apply(bound);
      if (decision.allowed()) {
        decision =
            reservations == null ? decision : reservations.admit(key, review, decision, bound);
        if (decision.allowed()) {
          inflight.admitted(review);
          versions.incrementAndGet(stripe);
        }
      }
      return decision;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Fetches a migration's VMI before its key's lock is taken (the view keeps the answer for the
   * review): the lock then covers only the check and the record, microseconds, not a live GET, and
   * migrations of one VMI no longer queue behind each other's lookups. A failure is left for the
   * rule to meet again, under the lock, and report.
   */
  private static void prefetch(Review review, ClusterView bound) {
    if (review.kind() != Kind.VMIM || !bound.supports().contains(Lookup.VMI)) {
      return;
    }
    String vmi = RuleHelpers.textOrEmpty(RuleHelpers.at(review.object(), "spec", "vmiName"));
    if (vmi.isEmpty()) {
      return;
    }
    try {
      bound.vmi(review.effectiveNamespace(), vmi);
    } catch (RuntimeException e) {
      // reported by vmim-vmi-migratable when it asks again
    }
  }

  /**
   * Whether judging {@code review} may wait: on the lock of its reservation key, on the API server
   * (a lookup the caches cannot answer now). A create that needs a reservation Lease starts on the
   * event loop too: only when it is admitted does it move to a worker for the Lease ({@link
   * MustWait}); a refused one (most of a burst of duplicates) is answered where it is. The webhook
   * judges such a review off the event loop; every other review (an update, a dry run, any review
   * while the caches are fresh) stays on it. A view without a cluster never waits.
   */
  public boolean mayBlock(Review review, boolean dryRun) {
    ClusterView current = view.get();
    return mayBlock(() -> keyOf(review, dryRun, current), review, dryRun, current);
  }

  /** {@code key} is asked only where it matters: the service's own view never needs it. */
  private boolean mayBlock(
      Supplier<Optional<String>> key, Review review, boolean dryRun, ClusterView current) {
    if (current instanceof InformerClusterView v) {
      // A key's lock is held for microseconds by reviews the caches answer: taken on the event
      // loop (waiting at most EVENT_LOOP_LOCK_WAIT, then the contended rule answers 503).
      return !v.answersFromCaches(review);
    }
    // Another view (tests, a mock) says nothing about what may block: any lock means a worker.
    return !dryRun && stripeFor(key.get(), review, current) >= 0;
  }

  /**
   * The lock of the review's reservation key (256 stripes): reviews that could reserve the same key
   * are serialised, others run side by side. None for a review without a key.
   */
  private int stripeFor(Optional<String> key, Review review, ClusterView view) {
    if (key.isEmpty() || !view.supports().contains(keyLookup(review))) {
      return -1;
    }
    return Math.floorMod(key.get().hashCode(), STRIPES);
  }

  /**
   * The review's reservation key where a lock could use it: not for a dry run (never recorded), nor
   * where the view cannot look the key's objects up (no cluster). Building it costs a few percent
   * of a review (canonical selectors), so reviews without a lock skip it.
   */
  private static Optional<String> keyOf(Review review, boolean dryRun, ClusterView view) {
    if (dryRun || !view.supports().contains(keyLookup(review))) {
      return Optional.empty();
    }
    return ReservationKeys.of(review);
  }

  private static Lookup keyLookup(Review review) {
    return review.kind() == Kind.POLICY ? Lookup.POLICIES : Lookup.MIGRATIONS;
  }

  /** The lock {@code review} would take now, or null (for tests that hold a key busy). */
  ReentrantLock keyLock(Review review) {
    ClusterView current = view.get();
    int stripe = stripeFor(keyOf(review, false, current), review, current);
    return stripe < 0 ? null : locks[stripe];
  }

  private static boolean acquire(ReentrantLock lock, Deadline deadline) {
    try {
      return lock.tryLock(deadline.remainingNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static String busyMessage(Review review) {
    String what =
        review.kind() == Kind.POLICY
            ? "MigrationPolicies"
            : "migrations of VirtualMachineInstance "
                + review.object().path("spec").path("vmiName").asText("");
    return "a concurrent review of " + what + " held the lookup timeout";
  }
}
