package io.migrationguard.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.migrationguard.report.OpenReportsReport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
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
  private static final String SOURCE = "migration-guard";
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

  private final KubernetesClient client;
  // Reports of the same name that another tool wrote: named in the log once, never written.
  private final Set<String> foreign = ConcurrentHashMap.newKeySet();

  ReportStore(KubernetesClient client) {
    this.client = client;
  }

  Writes write(List<ObjectNode> reports) throws NotWritable {
    // Both kinds served, before anything is written: without the CRDs, not one request writes.
    Set<String> stale = ourNamespaceReports();
    try {
      client
          .genericKubernetesResources(CLUSTER_REPORTS)
          .list(new ListOptionsBuilder().withLimit(1L).build());
    } catch (KubernetesClientException e) {
      throw refused(e, "clusterreports");
    }
    List<String> failed = new ArrayList<>();
    int created = 0;
    int updated = 0;
    int unchanged = 0;
    Set<String> namespaces = new HashSet<>();
    for (ObjectNode wanted : reports) {
      boolean cluster = wanted.path("kind").asText().equals("ClusterReport");
      String name = wanted.path("metadata").path("name").asText();
      String ns = cluster ? null : wanted.path("metadata").path("namespace").asText();
      if (ns != null) {
        namespaces.add(ns);
      }
      var op = client.genericKubernetesResources(cluster ? CLUSTER_REPORTS : REPORTS);
      var one = cluster ? op.withName(name) : op.inNamespace(ns).withName(name);
      GenericKubernetesResource stored;
      try {
        stored = one.get();
        GenericKubernetesResource desired =
            client
                .getKubernetesSerialization()
                .convertValue(wanted, GenericKubernetesResource.class);
        var target = cluster ? op.resource(desired) : op.inNamespace(ns).resource(desired);
        if (stored == null) {
          target.create();
          created++;
        } else if (same(wanted, tree(stored))) {
          unchanged++;
        } else if (!ours(stored)) {
          leftAlone(where(ns, name), stored);
        } else {
          desired.getMetadata().setResourceVersion(stored.getMetadata().getResourceVersion());
          target.update();
          updated++;
        }
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409) { // 409: written by someone else since the read; next run
          failed.add(where(ns, name) + ": HTTP " + e.getCode() + " " + firstLine(e));
        }
      }
    }
    stale.removeAll(namespaces);
    int deleted = 0;
    for (String ns : stale) {
      try {
        client
            .genericKubernetesResources(REPORTS)
            .inNamespace(ns)
            .withName(OpenReportsReport.NAMESPACE_REPORT)
            .delete();
        deleted++;
      } catch (KubernetesClientException e) {
        if (e.getCode() != 404) { // 404: already gone
          failed.add(
              where(ns, OpenReportsReport.NAMESPACE_REPORT) + ": delete: HTTP " + e.getCode());
        }
      }
    }
    return new Writes(created, updated, deleted, unchanged, List.copyOf(failed));
  }

  /** The namespaces holding this audit's Report now (listed by label, in pages). */
  private Set<String> ourNamespaceReports() throws NotWritable {
    Set<String> out = new HashSet<>();
    String cont = null;
    try {
      do {
        GenericKubernetesResourceList page =
            client
                .genericKubernetesResources(REPORTS)
                .inAnyNamespace()
                .withLabel(OpenReportsReport.MANAGED_BY, SOURCE)
                .list(new ListOptionsBuilder().withLimit((long) PAGE).withContinue(cont).build());
        for (GenericKubernetesResource r : page.getItems()) {
          if (OpenReportsReport.NAMESPACE_REPORT.equals(r.getMetadata().getName())) {
            out.add(r.getMetadata().getNamespace());
          }
        }
        cont = page.getMetadata() == null ? null : page.getMetadata().getContinue();
      } while (cont != null && !cont.isEmpty());
    } catch (KubernetesClientException e) {
      throw refused(e, "reports");
    }
    return out;
  }

  /**
   * Whether this audit wrote {@code stored}: its {@code app.kubernetes.io/managed-by} label is
   * ours. A report of the same name that another tool (Kyverno, Kubewarden, a person) wrote is
   * theirs: overwriting it would replace their labels, annotations and results.
   */
  static boolean ours(GenericKubernetesResource stored) {
    var labels = stored.getMetadata() == null ? null : stored.getMetadata().getLabels();
    return labels != null && SOURCE.equals(labels.get(OpenReportsReport.MANAGED_BY));
  }

  private void leftAlone(String where, GenericKubernetesResource stored) {
    if (foreign.add(where)) {
      var labels = stored.getMetadata().getLabels();
      LOG.warnf(
          "Audit: %s exists and was not written by migration-guard (%s=%s): left as it is; rename"
              + " or delete it for the audit to report there",
          where,
          OpenReportsReport.MANAGED_BY,
          labels == null ? null : labels.get(OpenReportsReport.MANAGED_BY));
    }
  }

  /** Whether the stored report says what {@code wanted} says. */
  static boolean same(ObjectNode wanted, JsonNode stored) {
    JsonNode wantedMeta = wanted.path("metadata");
    JsonNode storedMeta = stored.path("metadata");
    String leftOut = OpenReportsReport.LEFT_OUT;
    return Objects.equals(
            text(wantedMeta.path("annotations").path(leftOut)),
            text(storedMeta.path("annotations").path(leftOut)))
        && Subset.holds(wantedMeta.path("labels"), storedMeta.path("labels"))
        && Subset.equal(wanted.path("summary"), stored.path("summary"))
        && Subset.equal(wanted.path("results"), stored.path("results"))
        && Objects.equals(text(wanted.path("source")), text(stored.path("source")));
  }

  private static String where(String ns, String name) {
    return ns == null ? "ClusterReport/" + name : "Report/" + ns + "/" + name;
  }

  private static String firstLine(KubernetesClientException e) {
    String m =
        e.getStatus() != null && e.getStatus().getMessage() != null
            ? e.getStatus().getMessage()
            : String.valueOf(e.getMessage());
    return m.lines().findFirst().orElse("");
  }

  private static String text(JsonNode n) {
    return n.isMissingNode() || n.isNull() ? null : n.asText();
  }

  private JsonNode tree(GenericKubernetesResource r) {
    return client.getKubernetesSerialization().convertValue(r, JsonNode.class);
  }

  private static NotWritable refused(KubernetesClientException e, String plural) {
    String what = plural + "." + GROUP;
    return switch (e.getCode()) {
      case 404 ->
          new NotWritable(
              what
                  + " is not served: the OpenReports CRDs (openreports.io) are not installed; the"
                  + " audit keeps its metrics and writes no report");
      case 403 ->
          new NotWritable(
              "forbidden to write "
                  + what
                  + ": apply the audit component's RBAC (manifests/components/audit)");
      default -> new NotWritable("cannot write " + what + ": " + e.getMessage());
    };
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
