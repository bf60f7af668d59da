package io.migrationguard.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.RequestConfig;
import io.fabric8.kubernetes.client.RequestConfigBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.migrationguard.cluster.Deadline;
import io.migrationguard.report.OpenReportsReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * Writes the audit's OpenReports to the cluster, as few times as it can: a report is created once,
 * then updated only when what it says changes (its results, timestamps aside, its summary, the
 * count left out), and a namespace's report is deleted when the namespace no longer holds
 * migrations. Each run therefore writes at most one object per report that changed, and nothing
 * when nothing did. Conflicts (another writer in between) are left to the next run. A report of the
 * same name that this audit did not write (no {@code app.kubernetes.io/managed-by: migration-guard}
 * label) is never updated nor deleted.
 */
final class ReportStore {
  static final String GROUP = "openreports.io";
  static final String VERSION = "v1alpha1";
  private static final ResourceDefinitionContext REPORTS = context("Report", "reports", true);
  private static final ResourceDefinitionContext CLUSTER_REPORTS =
      context("ClusterReport", "clusterreports", false);
  private static final int PAGE = 500;
  private static final Logger LOG = Logger.getLogger(ReportStore.class);

  /**
   * What one write pass did.
   *
   * @param failed reports that could not be written this run (a namespace being deleted, a report
   *     the API server refused), each with why; the others were still written
   */
  record Writes(int created, int updated, int deleted, int unchanged, List<String> failed) {
    Writes(int created, int updated, int deleted, int unchanged) {
      this(created, updated, deleted, unchanged, List.of());
    }
  }

  /** The reports cannot be written: the CRDs are not installed, or the RBAC is missing. */
  static final class NotWritable extends Exception {
    NotWritable(String message) {
      super(message, null, false, false);
    }
  }

  /** Where each write's outcome goes as it happens: {@link AuditMetrics#write}. */
  @FunctionalInterface
  interface Outcomes {
    /**
     * @param operation create, update or delete
     * @param outcome ok; failed (refused or unanswered, tried once); conflict (written by another
     *     in between, or a report of the name another tool owns); deadline (not tried: the run's
     *     deadline had passed, left to the next run)
     */
    void wrote(String operation, String outcome, int count);
  }

  /** Each write's request timeout: a write that does not answer in this is failed, not retried. */
  static final Duration WRITE_TIMEOUT = Duration.ofSeconds(10);

  private final KubernetesClient client;
  // The client of the writes: no retries (the client's default retries 5xx with back-off, ten
  // times: a report webhook that is down cost 11 POSTs and 20 s per report), the next run retries.
  private final KubernetesClient writer;
  // Reports of the same name that another tool wrote: named in the log once, never written.
  private final Set<String> foreign = ConcurrentHashMap.newKeySet();

  ReportStore(KubernetesClient client) {
    this.client = client;
    RequestConfig once =
        new RequestConfigBuilder(client.getConfiguration().getRequestConfig())
            .withRequestRetryBackoffLimit(0)
            .withRequestTimeout((int) WRITE_TIMEOUT.toMillis())
            .build();
    this.writer = client.newClient(once).adapt(KubernetesClient.class);
  }

  /** {@link #write(List, Deadline, Outcomes)} with no deadline and the outcomes dropped. */
  Writes write(List<ObjectNode> reports) throws NotWritable {
    return write(reports, null, (op, outcome, n) -> {});
  }

  /**
   * Writes {@code reports}: what this audit stored before is read by one labelled list of each kind
   * (paged), not a GET per report; then each report that changed is written once, its outcome
   * handed to {@code outcomes} and, when it failed, logged at once. Writes not started before
   * {@code deadline} (null: none) are left to the next run, counted and logged once.
   */
  Writes write(List<ObjectNode> reports, Deadline deadline, Outcomes outcomes) throws NotWritable {
    // Both kinds served, before anything is written: without the CRDs, not one request writes.
    Map<String, GenericKubernetesResource> ours = new HashMap<>();
    ours(REPORTS, "reports", ours);
    ours(CLUSTER_REPORTS, "clusterreports", ours);
    List<String> failed = new ArrayList<>();
    int created = 0;
    int updated = 0;
    int unchanged = 0;
    int late = 0;
    Set<String> kept = new HashSet<>();
    for (ObjectNode wanted : reports) {
      boolean cluster = wanted.path("kind").asText().equals("ClusterReport");
      String name = wanted.path("metadata").path("name").asText();
      String ns = cluster ? null : wanted.path("metadata").path("namespace").asText();
      String where = where(ns, name);
      kept.add(where);
      GenericKubernetesResource stored = ours.get(where);
      if (stored != null && StoredReports.same(wanted, tree(stored))) {
        unchanged++;
        continue;
      }
      String op = stored == null ? "create" : "update";
      if (deadline != null && deadline.expired()) {
        late++;
        outcomes.wrote(op, "deadline", 1);
        continue;
      }
      var kind = writer.genericKubernetesResources(cluster ? CLUSTER_REPORTS : REPORTS);
      GenericKubernetesResource desired =
          client.getKubernetesSerialization().convertValue(wanted, GenericKubernetesResource.class);
      var target = cluster ? kind.resource(desired) : kind.inNamespace(ns).resource(desired);
      try {
        if (stored == null) {
          target.create();
          created++;
        } else {
          desired.getMetadata().setResourceVersion(stored.getMetadata().getResourceVersion());
          target.update();
          updated++;
        }
        outcomes.wrote(op, "ok", 1);
      } catch (KubernetesClientException e) {
        if (e.getCode() == 409) {
          // Written by someone else since the list (next run), or, for a create, a report of
          // this name that is not ours (not in the labelled list): another tool's, left alone.
          outcomes.wrote(op, "conflict", 1);
          if (stored == null) {
            leftAlone(where);
          }
        } else {
          String why = where + ": " + op + ": " + ApiFailures.status(e);
          outcomes.wrote(op, "failed", 1);
          LOG.warnf("Audit: report not written (tried once, the next run tries again): %s", why);
          failed.add(why);
        }
      }
    }
    int deleted = 0;
    for (Map.Entry<String, GenericKubernetesResource> stale : ours.entrySet()) {
      GenericKubernetesResource r = stale.getValue();
      if (kept.contains(stale.getKey())
          || r.getMetadata().getNamespace() == null
          || !OpenReportsReport.NAMESPACE_REPORT.equals(r.getMetadata().getName())) {
        continue;
      }
      if (deadline != null && deadline.expired()) {
        late++;
        outcomes.wrote("delete", "deadline", 1);
        continue;
      }
      try {
        writer
            .genericKubernetesResources(REPORTS)
            .inNamespace(r.getMetadata().getNamespace())
            .withName(r.getMetadata().getName())
            .delete();
        deleted++;
        outcomes.wrote("delete", "ok", 1);
      } catch (KubernetesClientException e) {
        if (e.getCode() != 404) { // 404: already gone
          String why = stale.getKey() + ": delete: " + ApiFailures.status(e);
          outcomes.wrote("delete", "failed", 1);
          LOG.warnf("Audit: report not deleted (tried once, the next run tries again): %s", why);
          failed.add(why);
        }
      }
    }
    if (late > 0) {
      LOG.warnf("Audit: the run's deadline passed: %d report write(s) left to the next run", late);
    }
    return new Writes(created, updated, deleted, unchanged, List.copyOf(failed));
  }

  /** This audit's reports of one kind, listed by its label in pages, by {@link #where}. */
  private void ours(
      ResourceDefinitionContext kind, String plural, Map<String, GenericKubernetesResource> into)
      throws NotWritable {
    String cont = null;
    try {
      do {
        var op = client.genericKubernetesResources(kind);
        var options = new ListOptionsBuilder().withLimit((long) PAGE).withContinue(cont).build();
        GenericKubernetesResourceList page =
            (kind.isNamespaceScoped()
                    ? op.inAnyNamespace()
                        .withLabel(OpenReportsReport.MANAGED_BY, StoredReports.SOURCE)
                    : op.withLabel(OpenReportsReport.MANAGED_BY, StoredReports.SOURCE))
                .list(options);
        for (GenericKubernetesResource r : page.getItems()) {
          if (StoredReports.ours(r)) {
            into.put(where(r.getMetadata().getNamespace(), r.getMetadata().getName()), r);
          }
        }
        cont = page.getMetadata() == null ? null : page.getMetadata().getContinue();
      } while (cont != null && !cont.isEmpty());
    } catch (KubernetesClientException e) {
      throw ApiFailures.refused(e, plural);
    }
  }

  /**
   * Whether this audit wrote {@code stored}: its {@code app.kubernetes.io/managed-by} label is
   * ours. A report of the same name that another tool (Kyverno, Kubewarden, a person) wrote is
   * theirs: overwriting it would replace their labels, annotations and results.
   */
  private void leftAlone(String where) {
    if (foreign.add(where)) {
      LOG.warnf(
          "Audit: %s exists and was not written by migration-guard (no %s=%s label): left as it"
              + " is; rename or delete it for the audit to report there",
          where, OpenReportsReport.MANAGED_BY, StoredReports.SOURCE);
    }
  }

  /** Whether the stored report says what {@code wanted} says. */
  private static String where(String ns, String name) {
    return ns == null ? "ClusterReport/" + name : "Report/" + ns + "/" + name;
  }

  private JsonNode tree(GenericKubernetesResource r) {
    return client.getKubernetesSerialization().convertValue(r, JsonNode.class);
  }

  private static ResourceDefinitionContext context(String kind, String plural, boolean namespaced) {
    return new ResourceDefinitionContext.Builder()
        .withGroup(GROUP)
        .withVersion(VERSION)
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(namespaced)
        .build();
  }
}
