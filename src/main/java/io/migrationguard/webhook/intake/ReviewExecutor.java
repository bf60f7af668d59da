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
 * twice: {@code migration-guard.review-threads} threads, and a queue of twice as many reviews; a
 * review beyond that is refused at once ({@code RejectedExecutionException}, answered 503
 * "overloaded") rather than queued past the API server's timeout. Each review's own wait is bounded
 * by {@code migration-guard.cluster.lookup-timeout}.
 */
@ApplicationScoped
public class ReviewExecutor implements Executor {
  /** The most threads {@code migration-guard.review-threads} may ask for. */
  public static final int MAX_THREADS = 1024;

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
            new ArrayBlockingQueue<>(2 * threads),
            named("migration-guard-review-"),
            new ThreadPoolExecutor.AbortPolicy());
    pool.allowCoreThreadTimeOut(true);
  }

  @Override
  public void execute(Runnable review) {
    pool.execute(review);
  }

  /** Reviews running or queued now. */
  public int busy() {
    return pool.getActiveCount() + pool.getQueue().size();
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
