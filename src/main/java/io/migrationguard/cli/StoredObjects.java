package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.cli.output.OpenReportsReport;
import io.migrationguard.cli.read.Loc;
import io.migrationguard.cli.read.Locations;
import io.migrationguard.core.Engine;
import io.migrationguard.core.Kind;
import io.migrationguard.core.cluster.FeatureGates;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Objects a cluster already stores, judged as {@code lint --cluster} judges them (the same {@link
 * Checker}, cross-object rules across the whole set through a {@link ManifestView}) and written as
 * OpenReports: the in-cluster audit's judge. Unlike the lint it reads no text: each object is
 * checked straight from the tree it is given, one at a time, and only the capped reports are kept,
 * so memory grows with the number of objects' references, not with their text.
 */
public final class StoredObjects {
  private StoredObjects() {}

  /** A finding's rule and severity ({@code error} or {@code warning}): a metric's labels. */
  public record RuleSeverity(String rule, String severity) {}

  /**
   * What the judge found.
   *
   * @param reports the OpenReports objects: the ClusterReport, then a Report per namespace
   * @param findings every finding counted by rule and severity (the reports cap their results;
   *     these counts do not)
   * @param objects the objects judged
   */
  public record Judged(List<ObjectNode> reports, Map<RuleSeverity, Long> findings, int objects) {}

  /**
   * Judges {@code policies} and {@code migrations}.
   *
   * @param engine the engine of the cluster's release, with the service's rule actions
   * @param gates the KubeVirt CR's feature gates
   * @param disabled rule ids switched off
   * @param stamp the results' timestamp, epoch seconds
   */
  public static Judged judge(
      Engine engine,
      FeatureGates gates,
      Set<String> disabled,
      List<JsonNode> policies,
      List<JsonNode> migrations,
      long stamp) {
    ManifestView view = new ManifestView(gates);
    for (JsonNode p : policies) {
      view.add(Kind.POLICY, p);
    }
    for (JsonNode m : migrations) {
      view.add(Kind.VMIM, m);
    }
    Evaluator evaluator = new Evaluator(engine, false);
    Checker checker =
        new Checker(
            evaluator,
            view,
            Map.of(),
            Map.of(),
            LintOptions.stored(disabled),
            java.util.concurrent.ConcurrentHashMap.newKeySet());
    OpenReportsReport report = OpenReportsReport.forAudit(stamp);
    Map<RuleSeverity, Long> findings =
        new java.util.TreeMap<>(
            java.util.Comparator.comparing(RuleSeverity::rule)
                .thenComparing(RuleSeverity::severity));
    int judged =
        judge(checker, report, policies, findings) + judge(checker, report, migrations, findings);
    return new Judged(report.documents(), findings, judged);
  }

  /** By namespace, then name: a cache's order changes with nothing changed in the cluster. */
  private static final java.util.Comparator<JsonNode> BY_KEY =
      java.util.Comparator.comparing(
              (JsonNode o) -> o.path("metadata").path("namespace").asText(""))
          .thenComparing(o -> o.path("metadata").path("name").asText(""));

  private static int judge(
      Checker checker,
      OpenReportsReport report,
      List<JsonNode> unordered,
      Map<RuleSeverity, Long> findings) {
    int judged = 0;
    List<JsonNode> objects = new java.util.ArrayList<>(unordered);
    objects.sort(BY_KEY);
    for (JsonNode o : objects) {
      Optional<Kind> kind =
          Kind.ofManifest(o.path("apiVersion").asText(""), o.path("kind").asText(""));
      if (kind.isEmpty() || !o.isObject()) {
        continue;
      }
      // A copy: the engine may prune the object it judges, and this one is a cache's.
      ObjectNode copy = ((ObjectNode) o).deepCopy();
      String name = ClusterInput.name(kind.get(), copy);
      Entry.Ours entry =
          new Entry.Ours(Loc.START, kind.get(), copy, "", new Locations(), List.of());
      ResourceResult r;
      try {
        r = checker.check(name, entry);
      } catch (RuntimeException bug) {
        r =
            checker.check(
                name,
                new Entry.Failed(
                    Loc.START, "internal-error", "audit failed on this object: " + bug));
      }
      for (LocatedFinding f : r.findings()) {
        findings.merge(
            new RuleSeverity(f.finding().rule(), f.finding().isError() ? "error" : "warning"),
            1L,
            Long::sum);
      }
      report.file(new FileResult(name, List.of(r)));
      judged++;
    }
    return judged;
  }
}
