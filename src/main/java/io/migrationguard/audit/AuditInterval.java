package io.migrationguard.audit;

import io.quarkus.runtime.configuration.DurationConverter;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code migration-guard.audit.interval}: how often the elected replica audits what the cluster
 * holds. Off unless set ({@code off}, empty or absent); otherwise a duration of at least {@link
 * #MIN}, so that a cluster with many objects is never judged more than once a minute.
 */
public final class AuditInterval {
  public static final String SETTING = "migration-guard.audit.interval";
  public static final Duration MIN = Duration.ofMinutes(1);

  private AuditInterval() {}

  /** The interval, or empty when the audit is off; a bad value is an error naming the setting. */
  public static Optional<Duration> parse(String value) {
    String v = value == null ? "" : value.strip();
    if (v.isEmpty() || v.equalsIgnoreCase("off")) {
      return Optional.empty();
    }
    Duration d;
    try {
      d = DurationConverter.parseDuration(v);
    } catch (RuntimeException e) {
      d = null;
    }
    if (d == null || d.compareTo(MIN) < 0) {
      throw new IllegalArgumentException(
          SETTING
              + " (MIGRATION_GUARD_AUDIT_INTERVAL) is "
              + value
              + ": off, or a duration of at least 1m (such as 10m or 1h)");
    }
    return Optional.of(d);
  }
}
