package io.migrationguard.webhook.intake;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * One thread of its own for our readiness checks. A synchronous health check would run on the
 * shared worker pool, behind whatever client work holds it; the checks are microseconds of work
 * (except building a release profile's engine, once per profile change), so one thread that serves
 * nothing else answers the kubelet's probes at once whatever clients do.
 */
@ApplicationScoped
public class HealthExecutor {
  private final ExecutorService thread =
      Executors.newSingleThreadExecutor(ReviewExecutor.named("migration-guard-health-"));

  /** {@code check} run on the health thread. */
  public Uni<HealthCheckResponse> run(Supplier<HealthCheckResponse> check) {
    return Uni.createFrom().item(check).runSubscriptionOn(thread);
  }

  @PreDestroy
  void stop() {
    thread.shutdown();
  }
}
