package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.migrationguard.core.cluster.ClusterView;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Decides at start whether the service talks to a Kubernetes API ({@code migration-guard.cluster})
 * and, if so, starts the informers. Eager ({@link Startup}) so that {@code on} without an API
 * configuration fails the start, and so that the caches sync before the first review. With the
 * cluster off, the Kubernetes client bean is never created: nothing contacts an API server.
 */
@Startup
@Singleton
public class ClusterRuntime {
  private static final Logger LOG = Logger.getLogger(ClusterRuntime.class);

  private final ClusterMode configured;
  private final ClusterMode mode;
  private final Duration lookupTimeout;
  private final InflightRegistry inflight;
  private final InformerClusterView informers;

  @Inject
  ClusterRuntime(
      @ConfigProperty(name = "migration-guard.cluster", defaultValue = "auto") String mode,
      @ConfigProperty(name = "migration-guard.cluster.lookup-timeout", defaultValue = "2s")
          Duration lookupTimeout,
      @ConfigProperty(name = "migration-guard.cluster.inflight-ttl", defaultValue = "10s")
          Duration inflightTtl,
      Instance<KubernetesClient> clients,
      ObjectMapper mapper) {
    if (lookupTimeout.isNegative() || lookupTimeout.isZero()) {
      throw new IllegalArgumentException("migration-guard.cluster.lookup-timeout must be > 0");
    }
    ClusterMode requested = ClusterMode.parse(mode);
    this.configured = requested;
    ClusterDetection detection = ClusterDetection.ofThisProcess();
    this.mode = detection.resolve(requested);
    this.lookupTimeout = lookupTimeout;
    this.inflight = new InflightRegistry(inflightTtl);
    if (this.mode == ClusterMode.ON) {
      KubernetesClient client = clients.get();
      LOG.infof(
          "Cluster lookups on (%s, %s): API server %s, lookup timeout %s",
          requested.value(), detection.source().orElse("?"), client.getMasterUrl(), lookupTimeout);
      this.informers = InformerClusterView.start(client, mapper, inflight, lookupTimeout);
    } else {
      LOG.infof(
          "Cluster lookups off (migration-guard.cluster=%s): cluster rules are not checked",
          requested.value());
      this.informers = null;
    }
  }

  /** The configured mode (AUTO, ON or OFF). */
  public ClusterMode configured() {
    return configured;
  }

  /** ON or OFF (AUTO is resolved at start). */
  public ClusterMode mode() {
    return mode;
  }

  /** The view the rules ask: the informer view, or {@link ClusterView#none()} when off. */
  public ClusterView view() {
    return informers == null ? ClusterView.none() : informers;
  }

  public InflightRegistry inflight() {
    return inflight;
  }

  public Duration lookupTimeout() {
    return lookupTimeout;
  }

  /** The state of every cache (none when off). */
  public List<CacheState> caches() {
    return informers == null ? List.of() : informers.states();
  }

  @PreDestroy
  void stop() {
    if (informers != null) {
      informers.close();
    }
  }
}
