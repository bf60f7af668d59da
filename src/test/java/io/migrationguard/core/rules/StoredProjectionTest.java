package io.migrationguard.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.cluster.LauncherPods;
import io.migrationguard.core.cluster.StoredProjection;
import io.migrationguard.core.model.Decision;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The service's caches keep a {@link StoredProjection} of each stored object, and finished
 * migrations as name and phase only. Every rule case with a cluster is judged twice, against the
 * full fixtures and against their projections, and must decide the same: a rule that starts to read
 * a field the projection drops fails here.
 */
class StoredProjectionTest {

  static Stream<RuleCase> casesWithACluster() {
    return RuleCasesTest.cases().filter(c -> c.cluster() != null && !c.unavailable());
  }

  @Test
  void theCrossObjectRulesHaveCasesWithStoredObjects() {
    long withStored =
        casesWithACluster()
            .filter(c -> c.cluster().has("migrations") || c.cluster().has("policies"))
            .count();
    assertTrue(withStored >= 20, "cases with stored migrations or policies: " + withStored);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("casesWithACluster")
  void projectionsDecideAsTheFullObjects(RuleCase c) {
    Decision full = c.run();
    Decision projected = withCluster(c, projected(c.cluster())).run();
    assertEquals(render(full), render(projected), c + ": judged against projections");
    assertEquals(full.unavailable(), projected.unavailable());
  }

  /** The cluster fixtures as the service's caches hold them. */
  static JsonNode projected(JsonNode cluster) {
    ObjectNode out = cluster.deepCopy();
    ArrayNode migrations = out.putArray("migrations");
    cluster
        .path("migrations")
        .forEach(
            m ->
                migrations.add(
                    StoredProjection.finished(m)
                        ? StoredProjection.finishedMigration(m)
                        : StoredProjection.migration(m)));
    ArrayNode policies = out.putArray("policies");
    cluster.path("policies").forEach(p -> policies.add(StoredProjection.policy(p)));
    // Nodes are NodeFacts in every view; launcher pods are kept as their projection, the CR too.
    ArrayNode pods = out.putArray("pods");
    cluster.path("pods").forEach(p -> pods.add(withLabels(LauncherPods.project(p), p)));
    if (cluster.has("kubevirt")) {
      out.set("kubevirt", StoredProjection.kubevirt(cluster.get("kubevirt")));
    }
    return out;
  }

  // The live list selects pods by label; the projection need not keep it.
  private static JsonNode withLabels(ObjectNode projected, JsonNode pod) {
    ((ObjectNode) projected.get("metadata")).set("labels", pod.path("metadata").path("labels"));
    return projected;
  }

  private static RuleCase withCluster(RuleCase c, JsonNode cluster) {
    return new RuleCase(
        c.rule(),
        c.name(),
        c.kind(),
        c.operation(),
        c.requester(),
        c.object().deepCopy(),
        c.oldObject() == null ? null : c.oldObject().deepCopy(),
        cluster,
        c.unavailable(),
        c.lookupFails(),
        c.expected(),
        c.details(),
        c.engine());
  }

  private static List<String> render(Decision d) {
    return d.findings().stream().map(f -> f.rule() + " " + f.render()).sorted().toList();
  }
}
