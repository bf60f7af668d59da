package io.migrationguard.core.cluster;

/**
 * Thrown by a {@link ClusterView} when a lookup it normally answers cannot be answered now (API
 * server unreachable, cache not synced, timeout). I/O failure, not a bug: the engine turns it into
 * {@code Decision.unavailable}, which the webhook answers with 503.
 */
public class ClusterUnavailableException extends RuntimeException {
  private final Lookup lookup;

  public ClusterUnavailableException(Lookup lookup, String message) {
    super(message);
    this.lookup = lookup;
  }

  public Lookup lookup() {
    return lookup;
  }
}
