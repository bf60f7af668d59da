package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.migrationguard.core.cluster.ClusterView;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
  private final LeaseReservations reservations;
  private final ScheduledExecutorService sweeper;

  @Inject
  ClusterRuntime(
      @ConfigProperty(name = "migration-guard.cluster", defaultValue = "auto") String mode,
      @ConfigProperty(name = "migration-guard.cluster.lookup-timeout", defaultValue = "2s")
          Duration lookupTimeout,
      @ConfigProperty(name = "migration-guard.cluster.inflight-ttl", defaultValue = "10s")
          Duration inflightTtl,
      @ConfigProperty(name = "migration-guard.cluster.unseen-ttl", defaultValue = "2s")
          Duration unseenTtl,
      @ConfigProperty(name = "migration-guard.pod-namespace", defaultValue = "")
          Optional<String> podNamespace,
      @ConfigProperty(name = "migration-guard.pod-name", defaultValue = "")
          Optional<String> podName,
      Instance<KubernetesClient> clients,
      ObjectMapper mapper) {
    if (lookupTimeout.isNegative() || lookupTimeout.isZero()) {
      throw new IllegalArgumentException("migration-guard.cluster.lookup-timeout must be > 0");
    }
    if (unseenTtl.isNegative() || unseenTtl.isZero() || unseenTtl.compareTo(inflightTtl) > 0) {
      throw new IllegalArgumentException(
          "migration-guard.cluster.unseen-ttl must be > 0 and at most"
              + " migration-guard.cluster.inflight-ttl ("
              + inflightTtl
              + "), got "
              + unseenTtl);
    }
    ClusterMode requested = ClusterMode.parse(mode);
    this.configured = requested;
    ClusterDetection detection = ClusterDetection.ofThisProcess();
    this.mode = detection.resolve(requested);
    this.lookupTimeout = lookupTimeout;
    this.inflight = new InflightRegistry(inflightTtl, unseenTtl, this::cachesFresh);
    if (this.mode == ClusterMode.ON) {
      KubernetesClient client = clients.get();
      LOG.infof(
          "Cluster lookups on (%s, %s): API server %s, lookup timeout %s",
          requested.value(), detection.source().orElse("?"), client.getMasterUrl(), lookupTimeout);
      this.informers = InformerClusterView.start(client, mapper, inflight, lookupTimeout);
      String ns = podNamespace.orElse("").strip();
      if (ns.isEmpty()) {
        LOG.warn(
            "No POD_NAMESPACE (migration-guard.pod-namespace): uniqueness is checked in this"
                + " process only, not across replicas");
        this.reservations = null;
        this.sweeper = null;
      } else {
        String replica = podName.orElse("").isBlank() ? "replica" : podName.get().strip();
        this.reservations =
            new LeaseReservations(client, ns, replica, inflightTtl, unseenTtl, Clock.systemUTC());
        this.sweeper =
            Executors.newSingleThreadScheduledExecutor(
                r -> {
                  Thread t = new Thread(r, "lease-sweep");
                  t.setDaemon(true);
                  return t;
                });
        // Every Lease lasts the in-flight time: sweeping as often finds each expired one at most
        // one
        // period late (a list by label per period; at least 1 s, at most 30 s apart).
        long period = Math.min(30_000, Math.max(1_000, inflightTtl.toMillis()));
        this.sweeper.scheduleWithFixedDelay(this::sweep, period, period, TimeUnit.MILLISECONDS);
        LOG.infof("Reservations across replicas: Leases in namespace %s as %s", ns, replica);
      }
    } else {
      this.reservations = null;
      this.sweeper = null;
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

  /** The KubeVirt CR in force as the caches last saw it (nothing known with lookups off). */
  public KubeVirtSeen lastKnownKubeVirt() {
    return informers == null ? KubeVirtSeen.UNKNOWN : informers.lastKnownKubeVirt();
  }

  /** Runs {@code change} whenever a KubeVirt CR changes (never when lookups are off). */
  public void onKubeVirtChange(Runnable change) {
    if (informers != null) {
      informers.onKubeVirtChange(change);
    }
  }

  /** The view the rules ask: the informer view, or {@link ClusterView#none()} when off. */
  public ClusterView view() {
    return informers == null ? ClusterView.none() : informers;
  }

  /** The reservations across replicas, or null (cluster off, or no namespace to hold them). */
  public LeaseReservations reservations() {
    return reservations;
  }

  private void sweep() {
    inflight.sweep(); // what expired while nothing was admitted or read
    try {
      int n = reservations.sweep();
      if (n > 0) {
        LOG.debugf("Deleted %d expired reservation Leases", n);
      }
    } catch (RuntimeException e) {
      LOG.debugf("Lease sweep failed: %s", e.getMessage());
    }
  }

  public InflightRegistry inflight() {
    return inflight;
  }

  public Duration lookupTimeout() {
    return lookupTimeout;
  }

  /** The state of every cache (none when off). */
  /**
   * Whether every cache is synced and watching (or its resource not served): an admitted write then
   * shows up in them within milliseconds, so what they do not show soon was never written.
   */
  boolean cachesFresh() {
    InformerClusterView view = informers;
    return view != null && view.admittedFresh();
  }

  public List<CacheState> caches() {
    return informers == null ? List.of() : informers.states();
  }

  @PreDestroy
  void stop() {
    if (informers != null) {
      informers.close();
    }
    if (sweeper != null) {
      sweeper.shutdownNow();
    }
  }
}
