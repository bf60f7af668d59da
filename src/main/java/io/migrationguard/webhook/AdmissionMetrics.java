package io.migrationguard.webhook;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.webhook.review.AdmissionRequest;
import io.migrationguard.webhook.review.AdmissionResponse;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The admission metrics of docs/webhook.md#metrics, named for Prometheus by Micrometer's
 * convention: {@code
 * migration_guard_admission_requests_total{webhook,kind,operation,allowed,dry_run}}, {@code
 * migration_guard_admission_duration_seconds} (histogram), {@code
 * migration_guard_rule_denials_total{rule}} and {@code
 * migration_guard_admission_bad_requests_total{webhook}}. Label values are bounded: kinds other
 * than ours count as {@code other}, unknown operations as {@code unknown}.
 */
@ApplicationScoped
public class AdmissionMetrics {
  // Admission webhooks answer in milliseconds; the API server gives up after timeoutSeconds (<= 5).
  private static final Duration[] BUCKETS = {
    Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5), Duration.ofMillis(10),
    Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
    Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5)
  };

  @Inject MeterRegistry registry;

  // Meters by their labels, built once: registering through a builder on every review looks the
  // meter up by its full id (tags sorted and hashed), a measurable share of a review's cost.
  private final Map<RequestKey, Counter> requests = new ConcurrentHashMap<>();
  private final Map<DurationKey, Timer> durations = new ConcurrentHashMap<>();
  private final Map<String, Counter> denials = new ConcurrentHashMap<>();
  private final Map<String, Counter> warnings = new ConcurrentHashMap<>();
  private final Map<Webhook, Counter> badRequests = new ConcurrentHashMap<>();
  private final Map<Webhook, Counter> unavailable = new ConcurrentHashMap<>();

  private record RequestKey(
      Webhook webhook, String kind, String operation, boolean allowed, boolean dryRun) {}

  private record DurationKey(Webhook webhook, String kind) {}

  /** The 503 counters exist from the start, at 0: an alert's rate over them needs the series. */
  @PostConstruct
  void registerAtStart() {
    for (Webhook w : Webhook.values()) {
      unavailable.computeIfAbsent(w, this::unavailableCounter);
    }
  }

  /** Counts one answered review and its latency; {@code denyingRules} are the rules that denied. */
  public void review(
      Webhook webhook,
      AdmissionRequest r,
      AdmissionResponse v,
      Set<String> denyingRules,
      Set<String> warningRules,
      long nanos) {
    String kind = kindLabel(r);
    String operation = Operation.parse(r.operation()).map(Enum::name).orElse("unknown");
    requests
        .computeIfAbsent(
            new RequestKey(webhook, kind, operation, v.allowed(), r.dryRun()), this::requestCounter)
        .increment();
    durations
        .computeIfAbsent(new DurationKey(webhook, kind), this::durationTimer)
        .record(nanos, TimeUnit.NANOSECONDS);
    for (String rule : denyingRules) {
      denials.computeIfAbsent(rule, this::denialCounter).increment();
    }
    for (String rule : warningRules) {
      warnings.computeIfAbsent(rule, this::warningCounter).increment();
    }
    if (v.status() != null && v.status().code() == 503) {
      unavailable.computeIfAbsent(webhook, this::unavailableCounter).increment();
    }
  }

  /** Counts a body that was not an AdmissionReview (HTTP 400). */
  public void badRequest(Webhook webhook) {
    badRequests.computeIfAbsent(webhook, this::badRequestCounter).increment();
  }

  private Counter requestCounter(RequestKey k) {
    return Counter.builder("migration.guard.admission.requests")
        .description("AdmissionReviews answered")
        .tag("webhook", k.webhook().label())
        .tag("kind", k.kind())
        .tag("operation", k.operation())
        .tag("allowed", Boolean.toString(k.allowed()))
        .tag("dry_run", Boolean.toString(k.dryRun()))
        .register(registry);
  }

  private Timer durationTimer(DurationKey k) {
    return Timer.builder("migration.guard.admission.duration")
        .description("Time to answer an AdmissionReview, from body to response")
        .tag("webhook", k.webhook().label())
        .tag("kind", k.kind())
        .serviceLevelObjectives(BUCKETS)
        .register(registry);
  }

  private Counter denialCounter(String rule) {
    return Counter.builder("migration.guard.rule.denials")
        .description("Denied reviews, per rule that reported an error")
        .tag("rule", rule)
        .register(registry);
  }

  // Rule ids come from the catalogue, never from a client: the label stays bounded.
  private Counter warningCounter(String rule) {
    return Counter.builder("migration.guard.rule.warnings")
        .description(
            "Reviews a rule warned about, per rule (a rule set to warn counts what it would"
                + " deny)")
        .tag("rule", rule)
        .register(registry);
  }

  private Counter badRequestCounter(Webhook webhook) {
    return Counter.builder("migration.guard.admission.bad.requests")
        .description("Request bodies that were not an AdmissionReview")
        .tag("webhook", webhook.label())
        .register(registry);
  }

  private Counter unavailableCounter(Webhook webhook) {
    return Counter.builder("migration.guard.admission.unavailable")
        .description(
            "Reviews answered 503: a cluster lookup or reservation could not be made in time, or"
                + " the service was overloaded")
        .tag("webhook", webhook.label())
        .register(registry);
  }

  private static String kindLabel(AdmissionRequest r) {
    return Kind.of(r.group(), r.version(), r.kind()).map(Kind::kindName).orElse("other");
  }
}
