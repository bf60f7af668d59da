package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/** A bounded poll for what arrives asynchronously (watch events, a review queued on a lock). */
final class Await {
  private Await() {}

  static void until(String what, BooleanSupplier condition) {
    long end = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (System.nanoTime() < end) {
      if (condition.getAsBoolean()) {
        return;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    fail("timed out after 15 s waiting for " + what);
  }

  /**
   * Runs {@code review} on another thread while {@code keyLock} is held: until the review waits for
   * the lock (or has been answered), then {@code holdMs} more, then releases it. Returns the
   * answer.
   */
  static <T> T behindBusyKey(ReentrantLock keyLock, long holdMs, Callable<T> review)
      throws Exception {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<T> answer;
      keyLock.lock();
      try {
        answer = pool.submit(review);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!keyLock.hasQueuedThreads() && !answer.isDone() && System.nanoTime() < until) {
          Thread.sleep(1);
        }
        Thread.sleep(holdMs);
      } finally {
        keyLock.unlock();
      }
      return answer.get(60, TimeUnit.SECONDS);
    } finally {
      pool.shutdown();
    }
  }
}
