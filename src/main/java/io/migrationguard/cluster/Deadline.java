package io.migrationguard.cluster;

import java.time.Duration;

/**
 * The time left for the cluster lookups of one review. Every lookup of a review draws on the same
 * budget, so a review that needs three lookups of a hung API server still answers within the lookup
 * timeout instead of three times it.
 *
 * @param endNanos the {@link System#nanoTime()} at which the budget is spent
 */
public record Deadline(long endNanos) {

  /** A budget of {@code timeout} from now. */
  public static Deadline after(Duration timeout) {
    return new Deadline(System.nanoTime() + timeout.toNanos());
  }

  /** Nanoseconds left, at least 0. */
  public long remainingNanos() {
    return Math.max(0, endNanos - System.nanoTime());
  }

  public boolean expired() {
    return remainingNanos() == 0;
  }
}
