package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** A bounded poll for what arrives asynchronously (watch events). */
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
}
