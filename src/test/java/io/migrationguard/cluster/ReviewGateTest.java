package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.InMemoryClusterView;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import io.migrationguard.core.rules.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The gate with the real engine and a selector-uniqueness rule that dawdles between reading the
 * cluster and answering, so that an unserialized check would let racing duplicates through.
 */
class ReviewGateTest {
  private final InflightRegistry registry = new InflightRegistry(Duration.ofSeconds(30));

  /** An in-memory cluster that, like the informer view, holds what this process admitted. */
  private final ClusterView cluster =
      new InMemoryClusterView() {
        @Override
        public List<JsonNode> migrationPolicies() {
          return registry.policies(super.migrationPolicies());
        }
      };

  private final Engine engine =
      new Engine((k, o, m) -> List.of(), List.of(new SlowUnique()), List.of(), Settings.defaults());

  private static Review create(String name) {
    return new Review(
        Kind.POLICY,
        Operation.CREATE,
        Fixtures.policy(name, "tier", "gold"),
        null,
        null,
        "u",
        FieldValidation.STRICT);
  }

  @Test
  void ofRacingDuplicatesExactlyOneIsAdmitted() throws Exception {
    ReviewGate gate = new ReviewGate(() -> cluster, registry, Duration.ofSeconds(10));
    int n = 12;
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<Decision>> results = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Review review = create("p-" + i);
      results.add(
          pool.submit(
              () -> {
                start.await();
                return gate.admit(review, false, v -> engine.validate(review, v));
              }));
    }
    start.countDown();
    int allowed = 0;
    for (Future<Decision> f : results) {
      allowed += f.get(30, TimeUnit.SECONDS).allowed() ? 1 : 0;
    }
    pool.shutdown();
    assertEquals(1, allowed);
  }

  @Test
  void dryRunIsJudgedButNotRecorded() {
    ReviewGate gate = new ReviewGate(() -> cluster, registry, Duration.ofSeconds(2));
    Review a = create("a");
    assertTrue(gate.admit(a, true, v -> engine.validate(a, v)).allowed());
    assertEquals(0, registry.size());
    assertTrue(gate.admit(a, false, v -> engine.validate(a, v)).allowed());
    Review b = create("b");
    assertFalse(gate.admit(b, true, v -> engine.validate(b, v)).allowed());
  }

  @Test
  void aReviewThatCannotGetItsTurnInTimeIsUnavailable() throws Exception {
    ReviewGate gate = new ReviewGate(() -> cluster, registry, Duration.ofMillis(200));
    Review b = create("b");
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    Future<?> holder =
        pool.submit(
            () -> {
              gate.keyLock(b).lock(); // another admission of the key, recording
              held.countDown();
              await(release);
              gate.keyLock(b).unlock();
            });
    assertTrue(held.await(5, TimeUnit.SECONDS));
    Decision second = gate.admit(b, false, v -> engine.validate(b, v));
    release.countDown();
    holder.get(5, TimeUnit.SECONDS);
    assertFalse(second.allowed());
    assertEquals(1, second.unavailable().size());
    assertTrue(
        second.unavailable().get(0).contains("MigrationPolicies"), second.unavailable().get(0));
    assertEquals(0, registry.size());
    pool.shutdown();
  }

  @Test
  void aJudgementOvertakenByAnAdmissionOfItsKeyIsMadeAgain() throws Exception {
    // a is judged (allowed) without the lock, slowly; b, the same selectors, is admitted meanwhile.
    // When a comes to record, its stripe has changed: judged again, it is refused. One admitted.
    ReviewGate gate = new ReviewGate(() -> cluster, registry, Duration.ofSeconds(5));
    CountDownLatch judging = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    Review a = create("a");
    boolean[] first = {true};
    Future<Decision> slow =
        pool.submit(
            () ->
                gate.admit(
                    a,
                    false,
                    v -> {
                      Decision d = engine.validate(a, v);
                      if (first[0]) {
                        first[0] = false;
                        judging.countDown();
                        await(release);
                      }
                      return d;
                    }));
    assertTrue(judging.await(5, TimeUnit.SECONDS));
    Review b = create("b");
    assertTrue(gate.admit(b, false, v -> engine.validate(b, v)).allowed());
    release.countDown();
    Decision late = slow.get(5, TimeUnit.SECONDS);
    assertFalse(late.allowed(), "judged again after b was recorded");
    assertEquals(1, registry.size());
    pool.shutdown();
  }

  @Test
  void timeQueuedForAWorkerCountsAgainstTheLookupTimeout() throws Exception {
    // A minute's timeout, but the review arrived a minute ago (it sat in the worker queue during a
    // burst): behind a busy key it is answered unavailable at once instead of waiting 45 s more.
    ReviewGate gate = new ReviewGate(() -> cluster, registry, Duration.ofMinutes(1));
    Review b = create("queued");
    long arrived = System.nanoTime() - Duration.ofMinutes(1).toNanos();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(1);
    pool.submit(
        () -> {
          gate.keyLock(b).lock();
          held.countDown();
          await(done);
          gate.keyLock(b).unlock();
        });
    assertTrue(held.await(5, TimeUnit.SECONDS));
    Future<Decision> second =
        Executors.newSingleThreadExecutor()
            .submit(() -> gate.admit(b, false, v -> engine.validate(b, v), true, arrived));
    Decision d = second.get(20, TimeUnit.SECONDS); // far below the 45 s a fresh budget would wait
    done.countDown();
    assertFalse(d.allowed());
    assertEquals(1, d.unavailable().size(), d.unavailable().toString());
    pool.shutdown();
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Denies a policy whose selectors another policy has, after a pause that invites a race. */
  private static final class SlowUnique extends Rule {
    SlowUnique() {
      super(
          RuleInfo.error(
                  "test-unique",
                  Scope.of(Kind.POLICY, Operation.CREATE),
                  "Selectors are unique.",
                  "Change the selectors.")
              .needs(Lookup.POLICIES));
    }

    @Override
    public void check(Review review, ClusterView cluster, Findings out) {
      JsonNode selectors = review.object().path("spec").path("selectors");
      boolean duplicate =
          cluster.migrationPolicies().stream()
              .filter(
                  p ->
                      !p.path("metadata")
                          .path("name")
                          .equals(review.object().path("metadata").path("name")))
              .anyMatch(p -> p.path("spec").path("selectors").equals(selectors));
      try {
        Thread.sleep(20); // the stimulus: a slow rule widens the window between look-up and answer
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (duplicate) {
        out.duplicate(FieldPath.of("spec", "selectors"), selectors, "");
      }
    }
  }
}
