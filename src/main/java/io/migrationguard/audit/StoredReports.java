package io.migrationguard.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.migrationguard.report.OpenReportsReport;
import java.util.Objects;

/** What the audit asks of a stored report: whether it wrote it, and whether it already says it. */
final class StoredReports {
  /** The {@code app.kubernetes.io/managed-by} value of the audit's reports. */
  static final String SOURCE = "migration-guard";

  private StoredReports() {}

  /**
   * Whether this audit wrote {@code stored}: its {@code app.kubernetes.io/managed-by} label is
   * ours. A report of the same name that another tool (Kyverno, Kubewarden, a person) wrote is
   * theirs: overwriting it would replace their labels, annotations and results.
   */
  static boolean ours(GenericKubernetesResource stored) {
    var labels = stored.getMetadata() == null ? null : stored.getMetadata().getLabels();
    return labels != null && SOURCE.equals(labels.get(OpenReportsReport.MANAGED_BY));
  }

  /** Whether the stored report says what {@code wanted} says: then it is not rewritten. */
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

  private static String text(JsonNode n) {
    return n.isMissingNode() || n.isNull() ? null : n.asText();
  }
}
