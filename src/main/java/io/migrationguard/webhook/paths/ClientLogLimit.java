package io.migrationguard.webhook.paths;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * At most one log line per client per period for errors a client can cause at will (unknown paths,
 * failed requests): an unauthenticated client must not be able to fill the log. The state is one
 * entry per client, at most {@code maxClients} of them; when full, the oldest entry is dropped
 * (that client may get one line early: bounded memory matters more than exactness).
 */
public final class ClientLogLimit {
  private final long periodNanos;
  private final int maxClients;
  private final Map<String, long[]> lastLine; // client -> {nanos of its last line, suppressed}

  public ClientLogLimit(long periodNanos, int maxClients) {
    this.periodNanos = periodNanos;
    this.maxClients = maxClients;
    this.lastLine = new LinkedHashMap<>(16, 0.75f, false);
  }

  /**
   * Whether a line may be written for {@code client} at {@code nanos}: -1 when not (the event is
   * counted), else how many events of that client were not logged since its last line.
   */
  public synchronized long admit(String client, long nanos) {
    long[] entry = lastLine.get(client);
    if (entry != null && nanos - entry[0] < periodNanos) {
      entry[1]++;
      return -1;
    }
    long suppressed = entry == null ? 0 : entry[1];
    if (entry != null) {
      lastLine.remove(client); // re-inserted last: the map stays in order of last line
    } else if (lastLine.size() >= maxClients) {
      var oldest = lastLine.keySet().iterator();
      oldest.next();
      oldest.remove();
    }
    lastLine.put(client, new long[] {nanos, 0});
    return suppressed;
  }

  /** Clients currently remembered (for tests of the bound). */
  public synchronized int size() {
    return lastLine.size();
  }
}
