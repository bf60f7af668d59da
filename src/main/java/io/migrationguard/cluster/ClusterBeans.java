package io.migrationguard.cluster;

import io.migrationguard.core.cluster.ClusterView;
import io.quarkus.arc.ClientProxy;
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

  /** Normal-scoped (a client proxy), so that tests can swap it with {@code QuarkusMock}. */
  @Produces
  @ApplicationScoped
  ClusterView clusterView(ClusterRuntime runtime) {
    return runtime.view();
  }

  /** Judges each review against the current {@link ClusterView} bean (a test's mock included). */
  @Produces
  @Singleton
  ReviewGate reviewGate(ClusterView view, ClusterRuntime runtime) {
    return new ReviewGate(
        () -> ClientProxy.unwrap(view),
        runtime.inflight(),
        runtime.lookupTimeout(),
        runtime.reservations());
  }
}
