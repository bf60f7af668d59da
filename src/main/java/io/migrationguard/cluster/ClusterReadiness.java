package io.migrationguard.cluster;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once every cache has synced (or its resource is known not to be served), so that no review
 * is routed here while the caches are still filling. A watch that drops later does not make the
 * replica unready: reviews then ask the API server directly, and answer 503 only if it does not
 * answer either. The data tells the mode and each cache's state.
 */
@Readiness
@ApplicationScoped
public class ClusterReadiness implements HealthCheck {
  @Inject ClusterRuntime runtime;

  @Override
  public HealthCheckResponse call() {
    HealthCheckResponseBuilder builder =
        HealthCheckResponse.named("migration-guard-cluster")
            .withData("mode", runtime.mode().value());
    boolean ready = true;
    for (CacheState cache : runtime.caches()) {
      ready &= cache.ready();
      builder.withData(cache.resource(), describe(cache));
    }
    return builder.status(ready).build();
  }

  private static String describe(CacheState c) {
    String state =
        c.notServed()
            ? "not served by the API server"
            : (c.synced() ? "synced" : "not synced") + (c.watching() ? ", watching" : "");
    String out = state + ", " + c.size() + " objects";
    return c.lastError() == null || c.watching() ? out : out + ", last error: " + c.lastError();
  }
}
