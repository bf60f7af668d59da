package io.migrationguard.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.micrometer.core.instrument.MeterRegistry;
import io.migrationguard.cli.OpenReportsSchema;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.testing.Await;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The in-cluster audit against the mock API server: the elected replica judges what the API server
 * stores (read in pages, twice) and writes OpenReports the CRDs accept, once; nothing when nothing
 * changed; one update when a result changes; a namespace's report deleted when it holds no
 * migration; results capped per report; metrics by rule and severity.
 */
@QuarkusTest
@TestProfile(AuditProfile.class)
@WithKubernetesTestServer(crud = true)
class AuditTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ResourceDefinitionContext REPORTS = context("Report", "reports", true);
  private static final ResourceDefinitionContext CLUSTER_REPORTS =
      context("ClusterReport", "clusterreports", false);

  @KubernetesTestServer KubernetesServer server;
  @Inject Auditor auditor;
  @Inject MeterRegistry registry;

  private static ResourceDefinitionContext context(String kind, String plural, boolean ns) {
    return new ResourceDefinitionContext.Builder()
        .withGroup("openreports.io")
        .withVersion("v1alpha1")
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(ns)
        .build();
  }

  private void create(ApiResource r, String yaml) throws Exception {
    GenericKubernetesResource o =
        JSON.convertValue(YAML.readTree(yaml), GenericKubernetesResource.class);
    var op = server.getClient().genericKubernetesResources(r.context());
    (r.namespaced() ? op.inNamespace(o.getMetadata().getNamespace()) : op).resource(o).create();
  }

  private static String policy(String name, String spec) {
    return "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata: {name: "
        + name
        + "}\nspec: "
        + spec
        + "\n";
  }

  private static String migration(String ns, String name, String spec) {
    return "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstanceMigration\nmetadata: {name: "
        + name
        + ", namespace: "
        + ns
        + "}\nspec: "
        + spec
        + "\n";
  }

  private static void until(String what, BooleanSupplier condition) {
    Await.until(Duration.ofSeconds(20), condition::getAsBoolean, what);
  }

  /** How many objects of {@code r} the API server stores (what the audit reads). */
  private int stored(ApiResource r) {
    var op = server.getClient().genericKubernetesResources(r.context());
    return (r.namespaced() ? op.inAnyNamespace() : op).list().getItems().size();
  }

  private void held(int policies, int migrations) throws InterruptedException {
    until(
        policies + " policies and " + migrations + " migrations stored",
        () -> stored(ApiResource.POLICY) == policies && stored(ApiResource.VMIM) == migrations);
  }

  private JsonNode clusterReport() {
    return JSON.valueToTree(
        server
            .getClient()
            .genericKubernetesResources(CLUSTER_REPORTS)
            .withName("migration-guard-migrationpolicies")
            .get());
  }

  private List<JsonNode> namespaceReports() {
    List<JsonNode> out = new ArrayList<>();
    for (GenericKubernetesResource r :
        server.getClient().genericKubernetesResources(REPORTS).inAnyNamespace().list().getItems()) {
      out.add(JSON.valueToTree(r));
    }
    return out;
  }

  /** Writes to openreports.io recorded since the last call (each request is recorded once). */
  private int reportWrites() throws Exception {
    int writes = 0;
    var mock = server.getKubernetesMockServer();
    for (var req = mock.takeRequest(50, java.util.concurrent.TimeUnit.MILLISECONDS);
        req != null;
        req = mock.takeRequest(50, java.util.concurrent.TimeUnit.MILLISECONDS)) {
      if (req.getPath().contains("openreports.io") && !req.getMethod().equals("GET")) {
        writes++;
      }
    }
    return writes;
  }

  @Test
  void writesBoundedReportsOnceAndAgainOnlyOnChange() throws Exception {
    KubernetesClient client = server.getClient();
    until("the audit Lease", () -> auditor.isLeader());
    // The other test may have run first: what it left is counted apart.
    int otherObjects = stored(ApiResource.VMIM);
    int otherReports = namespaceReports().size();
    create(ApiResource.POLICY, policy("dup-a", "{selectors: {namespaceSelector: {team: a}}}"));
    create(ApiResource.POLICY, policy("dup-b", "{selectors: {namespaceSelector: {team: a}}}"));
    create(ApiResource.POLICY, policy("fine", "{selectors: {namespaceSelector: {team: c}}}"));
    create(ApiResource.VMIM, migration("a", "urgent", "{vmiName: vm1, priority: urgent}"));
    create(ApiResource.VMIM, migration("b", "good", "{vmiName: vm2}"));
    held(3, otherObjects + 2);
    reportWrites(); // what came before is not counted

    Auditor.Run first = auditor.runOnce();
    assertTrue(first.ran());
    assertEquals(otherObjects + 5, first.objects());
    // Created now, or (the ClusterReport) by the run the schedule made at start: written once.
    assertEquals(3, first.writes().created() + first.writes().updated(), first.toString());
    JsonNode cluster = clusterReport();
    OpenReportsSchema.assertAccepted(strip(cluster));
    List<String> flagged = new ArrayList<>();
    for (JsonNode res : cluster.path("results")) {
      if (res.path("rule").asText().equals("policy-selectors-unique")) {
        flagged.add(res.at("/resources/0/name").asText());
      }
    }
    assertEquals(List.of("dup-a", "dup-b"), flagged.stream().sorted().toList());
    assertEquals(1, cluster.at("/summary/pass").asInt(), cluster.toString());
    List<JsonNode> byNamespace = namespaceReports();
    assertEquals(otherReports + 2, byNamespace.size());
    byNamespace.forEach(r -> OpenReportsSchema.assertAccepted(strip(r)));
    JsonNode a =
        byNamespace.stream()
            .filter(r -> r.at("/metadata/namespace").asText().equals("a"))
            .findFirst()
            .orElseThrow();
    assertEquals("vmim-priority-enum", a.at("/results/0/rule").asText());
    assertEquals("fail", a.at("/results/0/result").asText());
    assertEquals(3, reportWrites(), "three writes");

    Auditor.Run second = auditor.runOnce();
    assertEquals(new ReportStore.Writes(0, 0, 0, otherReports + 3), second.writes());
    assertEquals(0, reportWrites(), "nothing changed: nothing written");

    client.genericKubernetesResources(ApiResource.POLICY.context()).withName("dup-b").delete();
    client
        .genericKubernetesResources(ApiResource.VMIM.context())
        .inNamespace("b")
        .withName("good")
        .delete();
    held(2, otherObjects + 1);
    Auditor.Run third = auditor.runOnce();
    assertEquals(new ReportStore.Writes(0, 1, 1, otherReports + 1), third.writes());
    assertEquals(2, reportWrites(), "one update (the ClusterReport), one delete (namespace b)");
    assertEquals(0, clusterReport().path("results").size(), "no duplicate left");

    double enumErrors =
        registry
            .get("migration_guard_audit_findings")
            .tag("rule", "vmim-priority-enum")
            .tag("severity", "error")
            .gauge()
            .value();
    assertEquals(1.0, enumErrors);
    double uniqueErrors =
        registry
            .get("migration_guard_audit_findings")
            .tag("rule", "policy-selectors-unique")
            .tag("severity", "error")
            .gauge()
            .value();
    assertEquals(0.0, uniqueErrors, "a rule that found nothing this run reads 0");
    assertTrue(
        registry.get("migration_guard_audit_last_run_timestamp_seconds").gauge().value() > 0);
  }

  @Test
  void resultsAreCappedPerReportWithTheCountLeftOut() throws Exception {
    until("the audit Lease", () -> auditor.isLeader());
    int before = stored(ApiResource.VMIM);
    int policies = stored(ApiResource.POLICY);
    for (int i = 0; i < 1_050; i++) {
      create(
          ApiResource.VMIM, migration("many", "m" + i, "{vmiName: vm" + i + ", priority: urgent}"));
    }
    held(policies, before + 1_050);
    auditor.runOnce();
    JsonNode many =
        namespaceReports().stream()
            .filter(r -> r.at("/metadata/namespace").asText().equals("many"))
            .findFirst()
            .orElseThrow();
    assertEquals(1_000, many.path("results").size());
    assertEquals(
        "50", many.at("/metadata/annotations/migration-guard.io~1results-left-out").asText());
    assertEquals(1_050, many.at("/summary/fail").asInt());
  }

  /** The report as written: what the mock server adds (metadata it manages) left out. */
  private static JsonNode strip(JsonNode stored) {
    com.fasterxml.jackson.databind.node.ObjectNode copy = stored.deepCopy();
    com.fasterxml.jackson.databind.node.ObjectNode meta =
        (com.fasterxml.jackson.databind.node.ObjectNode) copy.get("metadata");
    meta.retain("name", "namespace", "labels", "annotations");
    return copy;
  }
}
