package io.migrationguard.bench;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** Counters and latency samples of one window of a {@link LoadClient} run. Thread-safe. */
final class LoadStats {
  private final long[] latenciesMicros;
  private final AtomicLong next = new AtomicLong();
  final LongAdder ok = new LongAdder();
  final LongAdder non2xx = new LongAdder();
  final LongAdder status5xx = new LongAdder();
  final LongAdder socketErrors = new LongAdder();
  final LongAdder malformed = new LongAdder();
  final LongAdder refusedAfterSignal = new LongAdder();
  final LongAdder failedBeforeSignal = new LongAdder();
  volatile long rssKb;

  LoadStats(int capacity) {
    latenciesMicros = new long[capacity];
  }

  void latency(long micros) {
    long i = next.getAndIncrement();
    if (i < latenciesMicros.length) {
      latenciesMicros[(int) i] = micros;
    }
  }

  long count() {
    return Math.min(next.get(), latenciesMicros.length);
  }

  /** The q-quantile (0..1) of the latencies, in milliseconds. */
  double quantileMs(double q) {
    int n = (int) count();
    if (n == 0) {
      return 0;
    }
    long[] sorted = Arrays.copyOf(latenciesMicros, n);
    Arrays.sort(sorted);
    return sorted[Math.min(n - 1, (int) Math.ceil(q * n) - 1)] / 1000.0;
  }

  String json(String name, double seconds) {
    return String.format(
        java.util.Locale.ROOT,
        "{\"window\":\"%s\",\"requests\":%d,\"rps\":%.1f,\"p50_ms\":%.2f,\"p99_ms\":%.2f,"
            + "\"max_ms\":%.2f,\"ok\":%d,\"non2xx\":%d,\"status5xx\":%d,\"socket_errors\":%d,"
            + "\"malformed\":%d,\"failed_before_signal\":%d,\"refused_after_signal\":%d,"
            + "\"rss_kb\":%d}",
        name,
        count(),
        count() / seconds,
        quantileMs(0.50),
        quantileMs(0.99),
        quantileMs(1.0),
        ok.sum(),
        non2xx.sum(),
        status5xx.sum(),
        socketErrors.sum(),
        malformed.sum(),
        failedBeforeSignal.sum(),
        refusedAfterSignal.sum(),
        rssKb);
  }
}
