package io.migrationguard.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.micrometer.core.instrument.MeterRegistry;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.cluster.ClusterMode;
import io.migrationguard.cluster.ClusterRuntime;
import io.migrationguard.cluster.Deadline;
import io.migrationguard.cluster.KubeVirtChoice;
import io.migrationguard.cluster.ReleaseEngines;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.judge.StoredJudge;
import io.migrationguard.judge.StoredObjects;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The in-cluster audit (docs/audit.md), off unless {@code migration-guard.audit.interval} is set:
 * the elected replica judges every MigrationPolicy and migration the API server stores (read in
 * pages, twice: {@link StoredJudge}), with the webhook's engine for the cluster's release, and
 * writes the OpenReports {@code lint --cluster -o openreports} would print, each created once and
 * then updated only when it changes. Runs at most once per interval (at least a minute), one at a
 * time, on a thread of its own: never on a review's path.
 */
@Startup
@Singleton
public class Auditor {
  private static final Logger LOG = Logger.getLogger(Auditor.class);
  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  /**
   * How often the leader looks whether a run is due (and retries one skipped because the API server
   * could not be read).
   */
  static final Duration TICK = Duration.ofSeconds(10);

  /** What one run did. */
  record Run(boolean ran, int objects, long findings, ReportStore.Writes writes, String problem) {}

  private final Optional<Duration> interval;
  private final ClusterRuntime runtime;
  private final ReleaseEngines engines;
  // Not the monitor of runOnce: stopping must not wait for a run to end.
  private final AtomicBoolean stopped = new AtomicBoolean();
  private final KubernetesClient client;
  private final ReportStore store;
  private final AuditMetrics metrics;
  private final ScheduledExecutorService executor;
  private final AuditLeadership leadership;
  private volatile ScheduledFuture<?> ticking;
  private volatile Instant lastStart;
  private String lastProblem; // guarded by this

  @Inject
  Auditor(
      @ConfigProperty(name = AuditInterval.SETTING, defaultValue = "off") String interval,
      @ConfigProperty(name = "migration-guard.pod-namespace", defaultValue = "")
          Optional<String> podNamespace,
      @ConfigProperty(name = "migration-guard.pod-name", defaultValue = "")
          Optional<String> podName,
      ClusterRuntime runtime,
      ReleaseEngines engines,
      Instance<KubernetesClient> clients,
      MeterRegistry registry) {
    this.interval = AuditInterval.parse(interval);
    this.runtime = runtime;
    this.engines = engines;
    if (this.interval.isEmpty()) {
      LOG.debug("Audit off (migration-guard.audit.interval)");
      this.client = null;
      this.store = null;
      this.metrics = null;
      this.executor = null;
      this.leadership = null;
      return;
    }
    if (runtime.mode() != ClusterMode.ON) {
      throw new IllegalArgumentException(
          AuditInterval.SETTING
              + " (MIGRATION_GUARD_AUDIT_INTERVAL) is set, but cluster lookups are off"
              + " (migration-guard.cluster): the audit judges with the release the caches see;"
              + " turn the lookups on or the audit off");
    }
    this.client = clients.get();
    this.store = new ReportStore(client);
    this.metrics = new AuditMetrics(registry);
    this.executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "audit");
              t.setDaemon(true);
              return t;
            });
    String ns = podNamespace.orElse("").strip();
    if (ns.isEmpty()) {
      LOG.warnf(
          "Audit every %s without an election (no POD_NAMESPACE): every replica audits",
          this.interval.get());
      this.leadership = null;
      leading();
    } else {
      String me = podName.orElse("").isBlank() ? "replica" : podName.get().strip();
      LOG.infof(
          "Audit every %s, by the holder of Lease %s/%s",
          this.interval.get(), ns, AuditLeadership.LEASE);
      this.leadership = new AuditLeadership(client, ns, me, this::leading, this::notLeading);
      this.leadership.start();
    }
  }

  /** Whether this replica audits now (holds the Lease, or runs without an election). */
  boolean isLeader() {
    return ticking != null && !ticking.isCancelled();
  }

  private void leading() {
    metrics.leader(true);
    ticking =
        executor.scheduleWithFixedDelay(this::tick, 0, TICK.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void notLeading() {
    metrics.leader(false);
    ScheduledFuture<?> t = ticking;
    if (t != null) {
      t.cancel(false);
    }
  }

  private void tick() {
    Instant last = lastStart;
    if (last != null && Instant.now().isBefore(last.plus(interval.get()))) {
      return;
    }
    try {
      runOnce();
    } catch (RunDeadline.Passed e) {
      metrics.outcome("failed");
      LOG.warn("Audit run failed: " + e.getMessage());
    } catch (RuntimeException e) {
      metrics.outcome("failed");
      LOG.warnf(e, "Audit run failed");
    }
  }

  /**
   * One run now (the schedule's, and tests'); skipped when the API server cannot be read. Reads
   * from the API server itself, not the caches (which keep only projections): the KubeVirt CR, then
   * the two paged passes of {@link StoredJudge} (two lists of each of policies and migrations).
   */
  synchronized Run runOnce() {
    long start = System.nanoTime();
    Instant before = lastStart;
    lastStart = Instant.now();
    // The run's deadline: its interval. Reads stop at it (the run fails and is logged); writes not
    // started by then are left to the next run (ReportStore).
    Deadline deadline = Deadline.after(interval.get());
    StoredJudge.Lister listed =
        StoredJudge.lister(
            client, null, StoredJudge.PAGE, new RunDeadline(deadline, interval.get()));
    StoredJudge.Lister lister =
        (r, page) -> {
          try {
            listed.pages(r, page);
          } catch (KubernetesClientException e) {
            if (e.getCode() != 404) {
              throw e;
            }
            // Not served (no such CRD): nothing of it is stored, as the caches held it before.
          }
        };
    StoredObjects.Judged judged;
    try {
      List<JsonNode> kubevirts = new ArrayList<>();
      lister.pages(
          ApiResource.KUBEVIRT,
          page -> page.forEach(kv -> kubevirts.add(JSON.convertValue(kv, JsonNode.class))));
      FeatureGates gates =
          KubeVirtChoice.pick(kubevirts)
              .map(FeatureGates::fromKubeVirt)
              .orElse(FeatureGates.defaults());
      judged =
          StoredObjects.judge(
              engines.active().engine(), gates, Set.of(), lister, Instant.now().getEpochSecond());
    } catch (KubernetesClientException e) {
      lastStart = before; // not a run: retried at the next tick
      metrics.outcome("skipped");
      LOG.debugf(
          "Audit skipped: cannot read the API server (%s); retried in %s", e.getMessage(), TICK);
      return new Run(false, 0, 0, null, null);
    }
    long findings = judged.findings().values().stream().mapToLong(Long::longValue).sum();
    ReportStore.Writes writes = null;
    String problem = null;
    try {
      if (leadership != null && !leadership.isLeader()) {
        // The Lease was lost while judging: the new holder writes, not this replica.
        LOG.info("Audit: the Lease was lost during the run; its reports are not written");
        return new Run(true, judged.objects(), findings, null, "not the leader any more");
      }
      writes = store.write(judged.reports(), deadline, metrics::write);
      lastProblem = null;
      if (!writes.failed().isEmpty()) {
        LOG.warnf(
            "Audit: %d report(s) not written, the others were: %s",
            writes.failed().size(),
            String.join("; ", writes.failed().subList(0, Math.min(5, writes.failed().size()))));
      }
    } catch (ReportStore.NotWritable e) {
      problem = e.getMessage();
      if (!problem.equals(lastProblem)) {
        LOG.warn("Audit: " + problem); // once, not every run
        lastProblem = problem;
      }
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    metrics.ran(judged.findings(), judged.objects(), Instant.now().getEpochSecond(), millis);
    metrics.outcome("ok");
    LOG.infof(
        "Audit: %d objects judged, %d findings in %d ms; reports %s",
        judged.objects(),
        findings,
        millis,
        writes == null
            ? "not written"
            : "created "
                + writes.created()
                + ", updated "
                + writes.updated()
                + ", deleted "
                + writes.deleted()
                + ", unchanged "
                + writes.unchanged());
    return new Run(true, judged.objects(), findings, writes, problem);
  }

  /**
   * Releases the Lease while the Kubernetes client still works: Quarkus fires the shutdown event
   * before it disposes of any bean, while {@code @PreDestroy} may run after the client's disposer
   * has closed it (then the release never reaches the API server and the next replica waits out the
   * lease).
   */
  void onShutdown(@Observes ShutdownEvent event) {
    stop();
  }

  @PreDestroy
  void stop() {
    if (!stopped.compareAndSet(false, true)) {
      return;
    }
    if (leadership != null) {
      leadership.close();
    }
    if (executor != null) {
      executor.shutdownNow();
    }
  }
}
