package io.migrationguard.cluster;

/**
 * What readiness tells about one informer cache.
 *
 * @param resource the resource's plural name
 * @param synced listed at least once
 * @param watching its watch is connected now
 * @param notServed the API server does not serve the resource (404): counts as synced and empty
 * @param size objects held
 * @param lastError the last list/watch failure, or null
 */
public record CacheState(
    String resource,
    boolean synced,
    boolean watching,
    boolean notServed,
    int size,
    String lastError) {

  /** Ready to serve reviews: synced, or known to hold nothing. */
  public boolean ready() {
    return synced || notServed;
  }
}
