package io.migrationguard.webhook.health;

import io.migrationguard.webhook.intake.HealthExecutor;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * A readiness check answered on the health thread, never behind client work on the shared worker
 * pool: a flood of reviews must not make the kubelet's probe time out.
 */
abstract class OnHealthThread implements AsyncHealthCheck {
  @Inject HealthExecutor executor;

  @Override
  public Uni<HealthCheckResponse> call() {
    return executor.run(this::check);
  }

  /** The check itself, on the health thread. */
  abstract HealthCheckResponse check();
}
