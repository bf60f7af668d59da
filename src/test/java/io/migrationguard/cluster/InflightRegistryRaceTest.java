package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * An admission racing a sweep: the sweep drops the namespaces left without entries, and must never
 * drop one an admission is putting its entry into (the entry would then be held where no review
 * looks, and a duplicate migration of its VMI admitted).
 */
class InflightRegistryRaceTest {
  @Test
  void noAdmissionIsLostToAConcurrentSweep() throws InterruptedException {
    InflightRegistry registry = new InflightRegistry(Duration.ofMinutes(10));
    int admissions = 15_000; // under MAX_ENTRIES: no eviction
    AtomicBoolean done = new AtomicBoolean();
    Thread sweeper =
        new Thread(
            () -> {
              while (!done.get()) {
                registry.sweep(); // nothing expires; the empty namespaces go
              }
            });
    sweeper.start();
    try {
      for (int i = 0; i < admissions; i++) {
        // A namespace of its own each: its map is new, and empty until the entry is put.
        registry.admitted(Reviews.vmimCreate("race-" + i, "m", "vm"));
      }
    } finally {
      done.set(true);
      sweeper.join();
    }
    int lost = 0;
    for (int i = 0; i < admissions; i++) {
      if (registry.migrations("race-" + i, List.of()).isEmpty()) {
        lost++;
      }
    }
    assertEquals(0, lost, "admissions lost to the sweep");
    assertEquals(admissions, registry.size());
  }
}
