package io.migrationguard.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * The suite's one way to wait: a bounded poll for what arrives asynchronously ({@link #until}) and
 * a check that something stays so for a while ({@link #holds}), instead of a sleep followed by an
 * assertion. Why: the suite runs on two cores shared with other builds, where a fixed sleep is
 * either too short (a flaky failure) or wasted; a poll returns as soon as the condition holds and
 * allows a deadline far beyond what an unloaded machine needs. docs/testing.md states the rule.
 */
public final class Await {
  /** The deadline of {@link #until(String, BooleanSupplier)}: far beyond any wait here. */
  public static final Duration DEFAULT = Duration.ofSeconds(15);

  private static final long FIRST_PAUSE_MS = 5;
  private static final long LONGEST_PAUSE_MS = 200;

  private Await() {}

  /** Polls {@code condition} until it is true; fails after {@link #DEFAULT}. */
  public static void until(String what, BooleanSupplier condition) {
    until(DEFAULT, condition::getAsBoolean, Boolean.TRUE::equals, what);
  }

  /** Polls {@code check} until it answers true; an exception counts as "not yet". */
  public static void until(Duration max, Callable<Boolean> check, String what) {
    until(max, check, Boolean.TRUE::equals, what);
  }

  /**
   * Polls {@code observe} until {@code done} accepts what it returns, and returns that value. An
   * exception counts as "not yet" (a server still starting, a handshake during a reload); an {@link
   * AssertionError} ends the wait at once (a process that exited will never be ready). Fails after
   * {@code max} naming {@code what} and the last value (or exception) observed.
   */
  public static <T> T until(
      Duration max, Callable<T> observe, Predicate<? super T> done, String what) {
    long end = System.nanoTime() + max.toNanos();
    long pause = FIRST_PAUSE_MS;
    Object last = "nothing (not checked once)";
    while (true) {
      try {
        T value = observe.call();
        if (done.test(value)) {
          return value;
        }
        last = value;
      } catch (Exception e) {
        last = e;
      }
      if (System.nanoTime() >= end) {
        return fail(
            "timed out after " + max.toMillis() + " ms waiting for " + what + "; last: " + last);
      }
      pause(Math.min(pause, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }

  /**
   * Checks {@code check} again and again for {@code window} (the last time at its end) and fails at
   * the first false or exception: "nothing changed" stated as a check, not as a sleep.
   */
  public static void holds(Duration window, Callable<Boolean> check, String what) {
    holds(window, check, Boolean.TRUE::equals, what);
  }

  /** As {@link #holds(Duration, Callable, String)}, naming the value that broke the rule. */
  public static <T> void holds(
      Duration window, Callable<T> observe, Predicate<? super T> ok, String what) {
    long start = System.nanoTime();
    long end = start + window.toNanos();
    while (true) {
      boolean last = System.nanoTime() >= end;
      T value;
      try {
        value = observe.call();
      } catch (Exception e) {
        throw new AssertionError(failedAfter(start, what) + ": " + e, e);
      }
      if (!ok.test(value)) {
        fail(failedAfter(start, what) + ": " + value);
      }
      if (last) {
        return;
      }
      pause(Math.min(50, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
    }
  }

  private static String failedAfter(long start, String what) {
    return "no longer " + what + " after " + (System.nanoTime() - start) / 1_000_000 + " ms";
  }

  private static void pause(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      fail("interrupted while waiting", e);
    }
  }

  /**
   * Runs {@code review} on another thread while {@code keyLock} is held: until the review waits for
   * the lock (or has been answered), then {@code holdMs} more, then releases it. Returns the
   * answer.
   */
  public static <T> T behindBusyKey(ReentrantLock keyLock, long holdMs, Callable<T> review)
      throws Exception {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<T> answer;
      keyLock.lock();
      try {
        answer = pool.submit(review);
        until(
            Duration.ofSeconds(10),
            () -> keyLock.hasQueuedThreads() || answer.isDone(),
            "the review to wait for the key's lock");
        // The stimulus: the key stays busy for holdMs while the review waits.
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
