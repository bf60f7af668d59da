package io.migrationguard.cluster;

import io.migrationguard.core.cluster.ClusterView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The beans the webhook injects: the active {@link ClusterView} and the {@link ReviewGate} that
 * runs reviews against it (use the gate, so that racing duplicates are caught and each review's
 * lookups share one timeout).
 */
@ApplicationScoped
public class ClusterBeans {

  @Produces
  @Singleton
  ClusterView clusterView(ClusterRuntime runtime) {
    return runtime.view();
  }

  @Produces
  @Singleton
  ReviewGate reviewGate(ClusterRuntime runtime) {
    return new ReviewGate(runtime.view(), runtime.inflight(), runtime.lookupTimeout());
  }
}
