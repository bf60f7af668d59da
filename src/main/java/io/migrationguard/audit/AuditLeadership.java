package io.migrationguard.audit;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * One replica audits: the holder of the coordination Lease {@value #LEASE} in the service's
 * namespace, elected with fabric8's {@link LeaderElector} (client-go's algorithm: acquire when the
 * holder's lease expired, renew within the deadline, step down otherwise). Losing the Lease stops
 * the audit at once; the election then starts over, so a replica that lost it competes again.
 */
final class AuditLeadership implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(AuditLeadership.class);
  static final String LEASE = "migration-guard-audit";
  static final Duration LEASE_DURATION = Duration.ofSeconds(30);
  static final Duration RENEW_DEADLINE = Duration.ofSeconds(20);
  static final Duration RETRY = Duration.ofSeconds(5);

  private final KubernetesClient client;
  private final String namespace;
  private final String identity;
  private final Runnable onStart;
  private final Runnable onStop;
  private final AtomicBoolean leader = new AtomicBoolean();
  private volatile boolean closed;
  private volatile CompletableFuture<?> running;
  private volatile LeaderElector elector;

  AuditLeadership(
      KubernetesClient client,
      String namespace,
      String identity,
      Runnable onStart,
      Runnable onStop) {
    this.client = client;
    this.namespace = namespace;
    this.identity = identity;
    this.onStart = onStart;
    this.onStop = onStop;
  }

  boolean isLeader() {
    return leader.get();
  }

  void start() {
    if (closed) {
      return;
    }
    LeaderElector elector =
        client
            .leaderElector()
            .withConfig(
                new LeaderElectionConfigBuilder()
                    .withName(LEASE)
                    .withLock(new LeaseLock(namespace, LEASE, identity))
                    .withLeaseDuration(LEASE_DURATION)
                    .withRenewDeadline(RENEW_DEADLINE)
                    .withRetryPeriod(RETRY)
                    .withReleaseOnCancel(true)
                    .withLeaderCallbacks(
                        new LeaderCallbacks(this::started, this::stopped, this::observed))
                    .build())
            .build();
    this.elector = elector;
    running = elector.start();
    running.whenComplete(
        (v, e) -> {
          stopped();
          if (!closed) {
            // Lost or never won: compete again (the elector itself waits between attempts).
            CompletableFuture.delayedExecutor(RETRY.toMillis(), TimeUnit.MILLISECONDS)
                .execute(this::start);
          }
        });
  }

  private void started() {
    if (leader.compareAndSet(false, true)) {
      LOG.infof(
          "Audit: this replica (%s) holds Lease %s/%s and audits", identity, namespace, LEASE);
      onStart.run();
    }
  }

  private void stopped() {
    if (leader.compareAndSet(true, false)) {
      LOG.infof("Audit: this replica (%s) no longer holds the Lease and stops auditing", identity);
      onStop.run();
    }
  }

  private void observed(String holder) {
    LOG.debugf("Audit Lease %s/%s held by %s", namespace, LEASE, holder);
  }

  @Override
  public void close() {
    closed = true;
    CompletableFuture<?> r = running;
    if (r != null) {
      r.cancel(true);
    }
    // Released here, before close returns: releaseOnCancel releases on the elector's own thread,
    // which a shutting-down JVM does not wait for, and the next replica then waits out the whole
    // lease (30 s) before it audits. A replica that does not hold the Lease changes nothing.
    LeaderElector e = elector;
    if (e != null) {
      try {
        e.release();
      } catch (RuntimeException ex) {
        LOG.debugf("Audit Lease %s/%s not released: %s", namespace, LEASE, ex.getMessage());
      }
    }
  }
}
