package io.migrationguard.webhook.intake;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.function.Supplier;

/**
 * Whether the heap is nearly full of live data: the old generation's occupancy after its last
 * collection (what the collector could not free) over {@link #LIMIT} of its maximum. A large body
 * is then refused before it is read, rather than read, parsed and answered by an {@code
 * OutOfMemoryError} that stops the replica. Usage measured after a collection, not the current
 * usage, which counts garbage.
 */
public final class HeapPressure {
  static final double LIMIT = 0.85;

  private final Supplier<MemoryUsage> afterCollection;

  HeapPressure(Supplier<MemoryUsage> afterCollection) {
    this.afterCollection = afterCollection;
  }

  /** The running JVM's old generation (Serial's "Tenured Gen", G1's "G1 Old Gen", ...). */
  static HeapPressure ofThisJvm() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      String name = pool.getName();
      if (pool.getType() == MemoryType.HEAP
          && pool.isCollectionUsageThresholdSupported()
          && (name.contains("Old") || name.contains("Tenured"))) {
        return new HeapPressure(pool::getCollectionUsage);
      }
    }
    return new HeapPressure(() -> null); // a collector without generations: never under pressure
  }

  public boolean high() {
    MemoryUsage u = afterCollection.get();
    return u != null && u.getMax() > 0 && u.getUsed() > LIMIT * u.getMax();
  }
}
