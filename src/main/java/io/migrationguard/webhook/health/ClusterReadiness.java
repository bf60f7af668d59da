package io.migrationguard.webhook.health;

import io.migrationguard.core.Admission;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.webhook.config.ClusterMode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.EnumSet;
import java.util.stream.Collectors;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Reports the cluster mode and which cluster-aware rules the current cluster view cannot answer
 * (they are skipped, not failed). Down only when the cluster is required ({@code on}) and no
 * Kubernetes API connection is available.
 */
@Readiness
@ApplicationScoped
public class ClusterReadiness implements HealthCheck {
  @Inject ClusterMode mode;
  @Inject ClusterView cluster;
  @Inject Admission engine;

  @Override
  public HealthCheckResponse call() {
    String notChecked =
        engine.rules().stream()
            .map(Rule::info)
            .filter(info -> !cluster.supports().containsAll(info.lookups()))
            .map(info -> info.id())
            .collect(Collectors.joining(","));
    boolean connected = cluster.supports().containsAll(EnumSet.allOf(Lookup.class));
    HealthCheckResponseBuilder b =
        HealthCheckResponse.named("cluster")
            .withData("mode", mode.label())
            .withData("connected", connected)
            .withData("notChecked", notChecked);
    if (mode == ClusterMode.ON && !connected) {
      return b.down()
          .withData("error", "migration-guard.cluster=on but no Kubernetes API connection")
          .build();
    }
    return b.up().build();
  }
}
