package io.migrationguard.webhook.config;

import java.util.Locale;

/**
 * {@code migration-guard.cluster}: whether the service asks the Kubernetes API. {@code auto} uses
 * it when a kubeconfig or in-cluster service account is found, {@code on} requires it, {@code off}
 * never uses it (cluster-aware rules are then not checked).
 */
public enum ClusterMode {
  AUTO,
  ON,
  OFF;

  /** Parses {@code auto}, {@code on} or {@code off} (any case). */
  public static ClusterMode parse(String s) {
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "migration-guard.cluster: Unsupported value: \""
              + s
              + "\": supported values: "
              + "\"auto\", \"off\", \"on\"");
    }
  }

  /** The lower-case spelling used in configuration and health output. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
