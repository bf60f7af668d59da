package io.migrationguard.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.model.Kind;
import io.migrationguard.manifest.Loc;
import io.migrationguard.manifest.Locations;
import io.migrationguard.report.FileResult;
import io.migrationguard.report.LocatedFinding;
import io.migrationguard.report.OpenReportsReport;
import io.migrationguard.report.ResourceResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Objects a cluster already stores, judged as {@code lint --cluster} judges them (the same {@link
 * Checker}, cross-object rules across the whole set through a {@link ManifestView}) and written as
 * OpenReports: the in-cluster audit's judge. It reads them from the API server in the two passes of
 * {@link StoredJudge} (the view of projections, then a page of full objects at a time). Unlike the
 * lint it reads no text: each object is checked straight from its tree, one at a time, and only the
 * capped reports are kept, so memory is one page of objects, the projections and the reports.
 */
public final class StoredObjects {
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

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
   * Judges every policy and migration {@code lister} lists, in two passes ({@link StoredJudge}).
   *
   * @param engine the engine of the cluster's release, with the service's rule actions
   * @param gates the KubeVirt CR's feature gates
   * @param disabled rule ids switched off
   * @param lister the API server's objects, in pages
   * @param stamp the results' timestamp, epoch seconds
   * @throws KubernetesClientException when a page cannot be read: nothing is judged then (a partial
   *     run would report objects as gone and rewrite reports for nothing)
   */
  public static Judged judge(
      Engine engine,
      FeatureGates gates,
      Set<String> disabled,
      StoredJudge.Lister lister,
      long stamp) {
    return judge(engine, gates, disabled, lister, stamp, name -> {});
  }

  /** {@link #judge}, {@code judged} told the name of each object as its result is reported. */
  public static Judged judge(
      Engine engine,
      FeatureGates gates,
      Set<String> disabled,
      StoredJudge.Lister lister,
      long stamp,
      Consumer<String> judged) {
    StoredJudge.Failure fail =
        (r, e) -> {
          throw e;
        };
    // Every object takes part, as the caches' objects all did: the cluster stored them.
    StoredJudge.Held held =
        StoredJudge.firstPass(
            lister,
            gates,
            (r, page) -> {
              List<StoredJudge.Taking> out = new ArrayList<>(page.size());
              for (GenericKubernetesResource item : page) {
                out.add(new StoredJudge.Taking(StoredJudge.kind(r), tree(item)));
              }
              return out;
            },
            fail);
    Evaluator evaluator = new Evaluator(engine, false);
    Checker checker =
        new Checker(
            evaluator,
            held.view(),
            Map.of(),
            Map.of(),
            CheckOptions.stored(disabled),
            ConcurrentHashMap.newKeySet());
    OpenReportsReport report = OpenReportsReport.forAudit(stamp);
    Map<RuleSeverity, Long> findings =
        new TreeMap<>(
            Comparator.comparing(RuleSeverity::rule).thenComparing(RuleSeverity::severity));
    int[] count = new int[1];
    StoredJudge.secondPass(
        lister,
        held,
        (r, page) -> {
          List<JsonNode> trees = new ArrayList<>(page.size());
          for (GenericKubernetesResource item : page) {
            trees.add(tree(item));
          }
          count[0] += judge(checker, report, trees, findings, judged);
        },
        fail);
    return new Judged(report.documents(), findings, count[0]);
  }

  /** An object as the API server served it, managedFields and all, as a tree. */
  private static JsonNode tree(GenericKubernetesResource item) {
    return SERIALIZATION.convertValue(item, JsonNode.class);
  }

  /**
   * By namespace, then name, within a page: the order a real API server lists in already (by key),
   * made sure of for any server, so that reports do not change with nothing changed.
   */
  private static final Comparator<JsonNode> BY_KEY =
      Comparator.comparing((JsonNode o) -> o.path("metadata").path("namespace").asText(""))
          .thenComparing(o -> o.path("metadata").path("name").asText(""));

  private static int judge(
      Checker checker,
      OpenReportsReport report,
      List<JsonNode> unordered,
      Map<RuleSeverity, Long> findings,
      Consumer<String> judged) {
    int count = 0;
    List<JsonNode> objects = new ArrayList<>(unordered);
    objects.sort(BY_KEY);
    for (JsonNode o : objects) {
      Optional<Kind> kind =
          Kind.ofManifest(o.path("apiVersion").asText(""), o.path("kind").asText(""));
      if (kind.isEmpty() || !o.isObject()) {
        continue;
      }
      // The engine may prune the object it judges: this tree is the page's own, used once.
      ObjectNode copy = (ObjectNode) o;
      String name = name(kind.get(), copy);
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
      judged.accept(name);
      count++;
    }
    return count;
  }

  /** {@code KIND/NAMESPACE/NAME} ({@code KIND/NAME} cluster-scoped), as for a listed object. */
  public static String name(Kind kind, JsonNode o) {
    String ns = o.path("metadata").path("namespace").asText("");
    return kind.kindName()
        + "/"
        + (kind.namespaced() && !ns.isEmpty() ? ns + "/" : "")
        + o.path("metadata").path("name").asText("");
  }
}
