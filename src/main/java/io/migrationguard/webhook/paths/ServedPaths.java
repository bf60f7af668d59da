package io.migrationguard.webhook.paths;

import java.util.Set;

/**
 * The paths the service answers, each spelled one way. A request is served only when its raw path
 * is one of them, byte for byte: no percent-encoding, no dot segment, no doubled slash, no trailing
 * slash, no matrix parameter. Anything else gets the same JSON 404 whatever the protocol, so a path
 * never means one thing to a filter and another to the handler behind it.
 */
public final class ServedPaths {
  /** The kubelet's probes: served without a client certificate. */
  public static final Set<String> PROBES =
      Set.of("/q/health", "/q/health/live", "/q/health/ready", "/q/health/started");

  /** Prometheus' scrape: a read of it is served without a client certificate. */
  public static final String METRICS = "/q/metrics";

  private static final Set<String> REVIEWS = Set.of("/validate", "/mutate");

  private ServedPaths() {}

  /** Whether {@code rawPath} (as the request line spells it, query excluded) is served. */
  public static boolean served(String rawPath) {
    return rawPath != null
        && (REVIEWS.contains(rawPath) || PROBES.contains(rawPath) || METRICS.equals(rawPath));
  }
}
