package io.migrationguard.webhook.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.MemoryUsage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The byte budget bodies are read under, and the heap signal that refuses large bodies. */
class BodyBudgetTest {
  @Test
  void takesOnlyWhatFitsAndGivesBack() {
    BodyBudget b = new BodyBudget(100);
    assertTrue(b.take(60));
    assertFalse(b.take(41), "over capacity: nothing taken");
    assertEquals(60, b.used());
    assertTrue(b.take(40));
    b.give(100);
    assertEquals(0, b.used());
    assertThrows(IllegalArgumentException.class, () -> new BodyBudget(0));
  }

  @Test
  void concurrentTakersNeverExceedTheCapacity() throws Exception {
    BodyBudget b = new BodyBudget(1_000);
    AtomicInteger granted = new AtomicInteger();
    CountDownLatch start = new CountDownLatch(1);
    Thread[] threads = new Thread[8];
    for (int i = 0; i < threads.length; i++) {
      threads[i] =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  return;
                }
                for (int k = 0; k < 1_000; k++) {
                  if (b.take(7)) {
                    granted.incrementAndGet();
                  }
                }
              });
      threads[i].start();
    }
    start.countDown();
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(1_000 / 7, granted.get());
    assertEquals(granted.get() * 7L, b.used());
  }

  @Test
  void heapPressureReadsTheOldGenerationAfterItsLastCollection() {
    assertTrue(new HeapPressure(() -> new MemoryUsage(0, 90, 100, 100)).high());
    assertFalse(new HeapPressure(() -> new MemoryUsage(0, 85, 100, 100)).high());
    assertFalse(new HeapPressure(() -> null).high(), "no collection yet");
    assertFalse(new HeapPressure(() -> new MemoryUsage(0, 90, 100, -1)).high(), "no maximum");
    HeapPressure.ofThisJvm().high(); // finds a pool on this JVM, or none, without failing
  }
}
