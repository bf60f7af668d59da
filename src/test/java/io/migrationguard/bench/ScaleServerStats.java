package io.migrationguard.bench;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@link ScaleApiServer} served, by category (verb and resource): counts, latencies, bytes.
 */
final class ScaleServerStats {
  private static final int SAMPLES = 200_000;

  private static final class Category {
    long count;
    long bytes;
    long maxNanos;
    long[] nanos = new long[64];
  }

  private final Map<String, Category> categories = new TreeMap<>();
  private final Map<String, Long> listBytes = new TreeMap<>();

  synchronized void record(String category, long nanos, long bytes) {
    Category c = categories.computeIfAbsent(category, k -> new Category());
    if (c.count < SAMPLES) {
      if (c.count == c.nanos.length) {
        c.nanos = Arrays.copyOf(c.nanos, (int) Math.min(SAMPLES, c.count * 2));
      }
      c.nanos[(int) c.count] = nanos;
    }
    c.count++;
    c.bytes += bytes;
    c.maxNanos = Math.max(c.maxNanos, nanos);
  }

  synchronized void items(String resource, long bytes) {
    listBytes.merge(resource, bytes, Long::sum);
  }

  synchronized void print(PrintStream out, int leasesHeld) {
    out.println("--- served (count, p50/p99/max ms, MiB sent) ---");
    for (Map.Entry<String, Category> e : categories.entrySet()) {
      Category c = e.getValue();
      long[] s = Arrays.copyOf(c.nanos, (int) Math.min(c.count, SAMPLES));
      Arrays.sort(s);
      out.printf(
          java.util.Locale.ROOT,
          "%-70s %7d  %8.2f %8.2f %9.2f  %8.1f%n",
          e.getKey(),
          c.count,
          q(s, 0.50),
          q(s, 0.99),
          c.maxNanos / 1e6,
          c.bytes / 1048576.0);
    }
    out.println("leases held at exit: " + leasesHeld);
  }

  private static double q(long[] sorted, double q) {
    if (sorted.length == 0) {
      return 0;
    }
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
  }
}
