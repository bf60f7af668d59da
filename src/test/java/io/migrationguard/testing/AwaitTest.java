package io.migrationguard.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The wait helper fails as it promises: naming what it waited for and what it saw last. */
class AwaitTest {
  @Test
  void untilReturnsTheFirstAcceptedValueAndTreatsExceptionsAsNotYet() {
    AtomicInteger calls = new AtomicInteger();
    int value =
        Await.until(
            Duration.ofSeconds(10),
            () -> {
              if (calls.incrementAndGet() < 3) {
                throw new IllegalStateException("not listening yet");
              }
              return calls.get();
            },
            v -> v >= 5,
            "five calls");
    assertEquals(5, value);
  }

  @Test
  void untilFailsWithWhatAndTheLastValueSeen() {
    AssertionError e =
        assertThrows(
            AssertionError.class,
            () -> Await.until(Duration.ofMillis(100), () -> 41, v -> v == 42, "the answer"));
    assertTrue(
        e.getMessage().contains("the answer") && e.getMessage().endsWith("last: 41"),
        e.getMessage());
  }

  @Test
  void anAssertionErrorInTheCheckEndsTheWaitAtOnce() {
    long t0 = System.nanoTime();
    assertThrows(
        AssertionError.class,
        () ->
            Await.until(
                Duration.ofSeconds(30),
                () -> {
                  throw new AssertionError("the process exited");
                },
                "a process that exited"));
    assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(20).toNanos(), "did not wait it out");
  }

  @Test
  void holdsChecksThroughTheWindowAndFailsAtTheFirstFalse() {
    AtomicInteger calls = new AtomicInteger();
    Await.holds(Duration.ofMillis(200), () -> calls.incrementAndGet() > 0, "counting");
    assertTrue(calls.get() > 2, "checked " + calls.get() + " times");
    AtomicInteger left = new AtomicInteger(3);
    AssertionError e =
        assertThrows(
            AssertionError.class,
            () ->
                Await.holds(
                    Duration.ofSeconds(30), () -> left.decrementAndGet(), v -> v > 0, "positive"));
    assertTrue(e.getMessage().startsWith("no longer positive after"), e.getMessage());
    assertTrue(e.getMessage().endsWith(": 0"), e.getMessage());
  }
}
