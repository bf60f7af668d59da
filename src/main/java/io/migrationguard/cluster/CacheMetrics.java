package io.migrationguard.cluster;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Predicate;

/**
 * The informer caches as metrics, for the monitoring that ships with the manifests
 * (manifests/monitoring/): {@code migration_guard_cache_synced{resource}} (listed at least once)
 * and {@code migration_guard_cache_watching{resource}} (its watch connected now), 1 or 0 per cache.
 * None with cluster lookups off.
 */
@ApplicationScoped
@Startup
public class CacheMetrics {
  @Inject ClusterRuntime runtime;
  @Inject MeterRegistry registry;

  @PostConstruct
  void register() {
    for (CacheState cache : runtime.caches()) {
      gauge(
          "migration.guard.cache.synced",
          "Informer cache listed at least once",
          cache,
          CacheState::synced);
      gauge(
          "migration.guard.cache.watching",
          "Informer cache watching now",
          cache,
          CacheState::watching);
    }
  }

  private void gauge(String name, String what, CacheState cache, Predicate<CacheState> test) {
    String resource = cache.resource();
    Gauge.builder(name, () -> state(resource, test))
        .description(what)
        .tag("resource", resource)
        .register(registry);
  }

  private int state(String resource, Predicate<CacheState> test) {
    for (CacheState c : runtime.caches()) {
      if (c.resource().equals(resource)) {
        return test.test(c) ? 1 : 0;
      }
    }
    return 0;
  }
}
