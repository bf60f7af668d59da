package io.migrationguard.webhook.health;

import io.migrationguard.cluster.CacheState;
import io.migrationguard.cluster.ClusterMode;
import io.migrationguard.cluster.ClusterRuntime;
import io.migrationguard.cluster.ReleaseEngines;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.rules.Rule;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.stream.Collectors;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once every cache has synced (or its resource is known not to be served), so that no review
 * is routed here while the caches are still filling. A watch that drops later does not make the
 * replica unready: reviews then ask the API server directly, and answer 503 only if it does not
 * answer either. The data tells the configured mode, whether the Kubernetes API is used ({@code
 * connected}), each cache's state, and the rules the current view cannot answer at all (skipped,
 * reported as not checked: all cluster rules when off).
 */
@Readiness
@ApplicationScoped
public class ClusterReadiness extends OnHealthThread {
  @Inject ClusterRuntime runtime;
  @Inject ClusterView cluster;
  @Inject ReleaseEngines engines;

  @Override
  HealthCheckResponse check() {
    engines.refresh();
    ReleaseEngines.Active active = engines.active();
    String notChecked =
        active.engine().rules().stream()
            .map(Rule::info)
            .filter(info -> !cluster.supports().containsAll(info.lookups()))
            .map(info -> info.id())
            .collect(Collectors.joining(","));
    HealthCheckResponseBuilder builder =
        HealthCheckResponse.named("cluster")
            .withData("mode", runtime.configured().value())
            .withData("connected", runtime.mode() == ClusterMode.ON)
            .withData("notChecked", notChecked)
            .withData("kubevirtVersion", active.choice().describe())
            .withData("kubevirtProfile", active.release().source());
    if (engines.settingsWarning() != null) {
      builder.withData("settingsWarning", engines.settingsWarning());
    }
    boolean ready = true;
    for (CacheState cache : runtime.caches()) {
      ready &= cache.ready();
      builder.withData(cache.resource(), describe(cache));
    }
    return builder.status(ready).build();
  }

  /** One cache as readiness shows it: its state, its size, and why it is not watching. */
  public static String describe(CacheState c) {
    String state =
        c.notServed()
            ? "not served by the API server"
            : (c.synced() ? "synced" : "not synced") + (c.watching() ? ", watching" : "");
    String out = state + ", " + c.size() + " objects";
    return c.lastError() == null || c.watching() ? out : out + ", last error: " + c.lastError();
  }
}
