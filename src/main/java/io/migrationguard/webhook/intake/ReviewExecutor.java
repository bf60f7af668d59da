package io.migrationguard.webhook.intake;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The threads that judge reviews which may wait on the cluster (a live GET, a Lease, the lock that
 * serialises conflicting creates), and nothing else: such a review never waits behind a scrape or a
 * probe, and a burst of them never takes the threads the health checks or metrics use. Bounded
 * twice: {@code migration-guard.review-threads} threads, and a queue of {@value #QUEUE} reviews (or
 * twice the threads, if more); a review beyond that is refused at once ({@code
 * RejectedExecutionException}, answered 503 "overloaded"). The queue holds a node drain's burst:
 * since KubeVirt v1.9 the evacuation controller creates a migration for every VMI of a draining
 * node at once (a node runs up to 110 pods by default, 250 where raised), each a VMI GET and a
 * reservation Lease of a few milliseconds. A queued review's wait counts against its lookup timeout
 * ({@code migration-guard.cluster.lookup-timeout}, from its arrival), so whatever the queue holds
 * is answered within it; its bytes stay counted in the body budget until answered.
 */
@ApplicationScoped
public class ReviewExecutor implements Executor {
  /** The most threads {@code migration-guard.review-threads} may ask for. */
  public static final int MAX_THREADS = 1024;

  /** Reviews that may wait for a thread (at least twice the threads). */
  static final int QUEUE = 512;

  private final ThreadPoolExecutor pool;

  @Inject
  public ReviewExecutor(
      @ConfigProperty(name = "migration-guard.review-threads", defaultValue = "32") int threads) {
    if (threads < 1 || threads > MAX_THREADS) {
      throw new IllegalArgumentException(
          "migration-guard.review-threads must be between 1 and "
              + MAX_THREADS
              + ", got "
              + threads);
    }
    pool =
        new ThreadPoolExecutor(
            threads,
            threads,
            60,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(Math.max(QUEUE, 2 * threads)),
            named("migration-guard-review-"),
            new ThreadPoolExecutor.AbortPolicy());
    pool.allowCoreThreadTimeOut(true);
  }

  @Override
  public void execute(Runnable review) {
    pool.execute(review);
  }

  @PreDestroy
  void stop() {
    pool.shutdown();
  }

  static ThreadFactory named(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
