package io.migrationguard.webhook;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.webhook.review.AdmissionRequest;
import io.migrationguard.webhook.review.Verdict;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Set;

/**
 * The admission metrics of interfaces.md, named for Prometheus by Micrometer's convention: {@code
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

  /** Counts one answered review and its latency; {@code denyingRules} are the rules that denied. */
  public void review(
      Webhook webhook, AdmissionRequest r, Verdict v, Set<String> denyingRules, long nanos) {
    String kind = kindLabel(r);
    Counter.builder("migration.guard.admission.requests")
        .description("AdmissionReviews answered")
        .tag("webhook", webhook.label())
        .tag("kind", kind)
        .tag("operation", Operation.parse(r.operation()).map(Enum::name).orElse("unknown"))
        .tag("allowed", Boolean.toString(v.allowed()))
        .tag("dry_run", Boolean.toString(r.dryRun()))
        .register(registry)
        .increment();
    Timer.builder("migration.guard.admission.duration")
        .description("Time to answer an AdmissionReview, from body to response")
        .tag("webhook", webhook.label())
        .tag("kind", kind)
        .serviceLevelObjectives(BUCKETS)
        .register(registry)
        .record(Duration.ofNanos(nanos));
    for (String rule : denyingRules) {
      Counter.builder("migration.guard.rule.denials")
          .description("Denied reviews, per rule that reported an error")
          .tag("rule", rule)
          .register(registry)
          .increment();
    }
  }

  /** Counts a body that was not an AdmissionReview (HTTP 400). */
  public void badRequest(Webhook webhook) {
    Counter.builder("migration.guard.admission.bad.requests")
        .description("Request bodies that were not an AdmissionReview")
        .tag("webhook", webhook.label())
        .register(registry)
        .increment();
  }

  private static String kindLabel(AdmissionRequest r) {
    return Kind.of(r.group(), r.version(), r.kind()).map(Kind::kindName).orElse("other");
  }
}
