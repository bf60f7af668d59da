package io.migrationguard.cluster;

import java.util.Locale;

/**
 * The value of {@code migration-guard.cluster}: whether the service asks the Kubernetes API. {@link
 * #AUTO} becomes {@link #ON} or {@link #OFF} at start, by {@link ClusterDetection}.
 */
public enum ClusterMode {
  /**
   * Use the API in a pod (an in-cluster service account); never through a kubeconfig, so a
   * developer's laptop does not start listing their cluster by itself.
   */
  AUTO,
  /**
   * Use the API (an in-cluster service account, a kubeconfig, or an explicit master URL); refuse to
   * start without a way to reach it.
   */
  ON,
  /** Never contact an API server; cluster-aware rules are reported as not checked. */
  OFF;

  /**
   * Parses {@code auto}, {@code on} or {@code off} (case-insensitive, surrounding blanks ignored).
   */
  public static ClusterMode parse(String value) {
    String v = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
    return switch (v) {
      case "auto" -> AUTO;
      case "on" -> ON;
      case "off" -> OFF;
      default ->
          throw new IllegalArgumentException(
              "migration-guard.cluster must be auto, on or off, not \"" + value + "\"");
    };
  }

  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }
}
