package io.migrationguard.audit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.migrationguard.judge.StoredObjects.RuleSeverity;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The audit's metrics (docs/audit.md): what the last run found, when it ran and how long it took,
 * and every report write. A rule that found something once keeps its series, at 0 once it finds
 * nothing, so an alert on it resolves instead of going stale.
 */
final class AuditMetrics {
  private final MeterRegistry registry;
  private final Map<RuleSeverity, AtomicLong> findings = new ConcurrentHashMap<>();
  private final AtomicLong lastRun = new AtomicLong();
  private final AtomicLong lastDurationMillis = new AtomicLong();
  private final AtomicLong objects = new AtomicLong();
  private final AtomicLong leader = new AtomicLong();

  AuditMetrics(MeterRegistry registry) {
    this.registry = registry;
    Gauge.builder("migration_guard_audit_last_run_timestamp_seconds", lastRun, AtomicLong::get)
        .description("When the last audit run finished (Unix time; 0: none yet)")
        .register(registry);
    Gauge.builder(
            "migration_guard_audit_last_run_duration_seconds",
            lastDurationMillis,
            v -> v.get() / 1000.0)
        .description("How long the last audit run took")
        .register(registry);
    Gauge.builder("migration_guard_audit_objects", objects, AtomicLong::get)
        .description("Objects the last audit run judged")
        .register(registry);
    Gauge.builder("migration_guard_audit_leader", leader, AtomicLong::get)
        .description("1 on the replica elected to audit, else 0")
        .register(registry);
    for (String op : java.util.List.of("create", "update", "delete")) {
      for (String outcome : java.util.List.of("ok", "failed")) {
        write(op, outcome, 0); // the series exist from the start: an alert can watch them
      }
    }
  }

  void leader(boolean isLeader) {
    leader.set(isLeader ? 1 : 0);
  }

  /** One finished run: its findings by rule and severity, objects judged, and times. */
  void ran(Map<RuleSeverity, Long> found, int judged, long finishedEpochSeconds, long millis) {
    findings.values().forEach(v -> v.set(0));
    found.forEach(
        (k, n) ->
            findings
                .computeIfAbsent(
                    k,
                    key -> {
                      AtomicLong v = new AtomicLong();
                      Gauge.builder("migration_guard_audit_findings", v, AtomicLong::get)
                          .description("Findings of the last audit run, by rule and severity")
                          .tag("rule", key.rule())
                          .tag("severity", key.severity())
                          .register(registry);
                      return v;
                    })
                .set(n));
    objects.set(judged);
    lastRun.set(finishedEpochSeconds);
    lastDurationMillis.set(millis);
  }

  /**
   * One or more report writes, counted as each happens ({@link ReportStore.Outcomes}): by operation
   * (create, update, delete) and outcome (ok, failed, conflict, deadline).
   */
  void write(String operation, String outcome, int n) {
    Counter c =
        Counter.builder("migration_guard_audit_report_writes_total")
            .description("OpenReports writes of the audit, by operation and outcome")
            .tag("operation", operation)
            .tag("outcome", outcome)
            .register(registry);
    if (n > 0) {
      c.increment(n);
    }
  }

  /**
   * A run that ended without a result (skipped: the API server could not be read; failed: an
   * error).
   */
  void outcome(String outcome) {
    Counter.builder("migration_guard_audit_runs_total")
        .description("Audit runs by outcome: ok, skipped (API server not readable), failed")
        .tag("outcome", outcome)
        .register(registry)
        .increment();
  }
}
