package io.migrationguard.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.migrationguard.testing.Await;
import io.migrationguard.testing.CrudApiServer;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The audit's parts on their own: the setting, the comparison, the store, the election. */
class AuditPartsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theIntervalIsOffOrAtLeastAMinute() {
    assertTrue(AuditInterval.parse(null).isEmpty());
    assertTrue(AuditInterval.parse(" off ").isEmpty());
    assertTrue(AuditInterval.parse("").isEmpty());
    assertEquals(Duration.ofMinutes(10), AuditInterval.parse("10m").orElseThrow());
    assertEquals(Duration.ofHours(1), AuditInterval.parse("PT1H").orElseThrow());
    for (String bad : List.of("30s", "59s", "banana", "-5m", "0")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> AuditInterval.parse(bad));
      assertTrue(
          e.getMessage()
              .startsWith(
                  "migration-guard.audit.interval (MIGRATION_GUARD_AUDIT_INTERVAL) is " + bad),
          e.getMessage());
    }
  }

  @Test
  void aStoredReportIsTheSameWhenItSaysTheSameTimestampsAndMetadataAside() throws Exception {
    ObjectNode wanted =
        (ObjectNode)
            JSON.readTree(
                "{\"source\":\"migration-guard\",\"metadata\":{\"labels\":{\"a\":\"b\"}},"
                    + "\"summary\":{\"pass\":3,\"fail\":1},"
                    + "\"results\":[{\"rule\":\"r\",\"timestamp\":{\"seconds\":5}}]}");
    JsonNode stored =
        JSON.readTree(
            "{\"source\":\"migration-guard\",\"metadata\":{\"labels\":{\"a\":\"b\"},"
                + "\"resourceVersion\":\"7\"},\"summary\":{\"fail\":1.0,\"pass\":3},"
                + "\"results\":[{\"timestamp\":{\"seconds\":99},\"rule\":\"r\"}]}");
    assertTrue(StoredReports.same(wanted, stored));
    assertFalse(
        StoredReports.same(
            wanted, JSON.readTree(stored.toString().replace("\"pass\":3", "\"pass\":4"))));
    assertFalse(
        StoredReports.same(
            wanted, JSON.readTree(stored.toString().replace("\"rule\":\"r\"", "\"rule\":\"q\""))));
    assertFalse(
        StoredReports.same(
            wanted,
            JSON.readTree(
                stored.toString().replace("\"rule\":\"r\"", "\"rule\":\"r\",\"field\":\"x\""))),
        "a result field that went away");
    ObjectNode leftOut = wanted.deepCopy();
    ((ObjectNode) leftOut.get("metadata"))
        .putObject("annotations")
        .put("migration-guard.io/results-left-out", "5");
    assertFalse(StoredReports.same(leftOut, stored), "a count left out that appeared");
    assertFalse(StoredReports.same(wanted, leftOut), "and one that went away");
  }

  @Test
  void withoutTheOpenReportsCrdsTheStoreSaysSoAndWritesNothing() throws Exception {
    AtomicInteger writes = new AtomicInteger();
    KubernetesMockServer server =
        CrudApiServer.start(
            new KubernetesCrudDispatcher() {
              @Override
              public MockResponse dispatch(RecordedRequest request) {
                if (request.getPath().contains("/apis/openreports.io/")) {
                  if (!request.getMethod().equals("GET")) {
                    writes.incrementAndGet();
                  }
                  return new MockResponse()
                      .setResponseCode(404)
                      .setBody("{\"kind\":\"Status\",\"code\":404}");
                }
                return super.dispatch(request);
              }
            },
            false,
            0);
    try (KubernetesClient client = server.createClient()) {
      ObjectNode report =
          (ObjectNode)
              JSON.readTree(
                  "{\"apiVersion\":\"openreports.io/v1alpha1\",\"kind\":\"ClusterReport\","
                      + "\"metadata\":{\"name\":\"migration-guard-migrationpolicies\"}}");
      ReportStore.NotWritable e =
          assertThrows(
              ReportStore.NotWritable.class, () -> new ReportStore(client).write(List.of(report)));
      assertTrue(
          e.getMessage().contains("the OpenReports CRDs (openreports.io) are not installed"),
          e.getMessage());
      assertEquals(0, writes.get());
    } finally {
      server.destroy();
    }
  }

  /**
   * Report creates answered 500 (a webhook on reports that is down): each write is tried once (not
   * the client's ten retries with back-off), its outcome counted as it happens, and the pass ends;
   * this audit's reports are read by one labelled list per kind, never a GET per report.
   */
  @Test
  void aWriteThatFailsIsTriedOnceCountedAndTheRunGoesOn() throws Exception {
    java.util.Map<String, AtomicInteger> requests = new java.util.concurrent.ConcurrentHashMap<>();
    KubernetesMockServer server =
        CrudApiServer.start(
            new KubernetesCrudDispatcher() {
              @Override
              public MockResponse dispatch(RecordedRequest request) {
                if (request.getPath().contains("/apis/openreports.io/")) {
                  String key =
                      request.getMethod()
                          + (request.getPath().contains("labelSelector") ? " labelled" : "");
                  requests.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
                  if (request.getMethod().equals("POST")) {
                    return new MockResponse()
                        .setResponseCode(500)
                        .setBody("{\"kind\":\"Status\",\"code\":500,\"message\":\"down\"}");
                  }
                }
                return super.dispatch(request);
              }
            },
            false,
            0);
    try (KubernetesClient client = server.createClient()) {
      List<ObjectNode> wanted = new java.util.ArrayList<>();
      for (String ns : List.of("a", "b", "c")) {
        wanted.add(
            (ObjectNode)
                JSON.readTree(
                    "{\"apiVersion\":\"openreports.io/v1alpha1\",\"kind\":\"Report\","
                        + "\"metadata\":{\"name\":\""
                        + io.migrationguard.report.OpenReportsReport.NAMESPACE_REPORT
                        + "\",\"namespace\":\""
                        + ns
                        + "\",\"labels\":{\"app.kubernetes.io/managed-by\":\"migration-guard\"}},"
                        + "\"results\":[]}"));
      }
      java.util.Map<String, Integer> outcomes = new java.util.TreeMap<>();
      ReportStore.Writes w =
          new ReportStore(client)
              .write(
                  wanted,
                  io.migrationguard.cluster.Deadline.after(Duration.ofMinutes(5)),
                  (op, outcome, n) -> outcomes.merge(op + " " + outcome, n, Integer::sum));
      assertEquals(3, w.failed().size(), w.toString());
      assertTrue(w.failed().get(0).contains("HTTP 500"), w.failed().get(0));
      assertEquals(java.util.Map.of("create failed", 3), outcomes);
      assertEquals(3, requests.get("POST").get(), "each create tried once: " + requests);
      assertEquals(
          2, requests.get("GET labelled").get(), "one labelled list per kind: " + requests);
      assertEquals(null, requests.get("GET"), "no GET per report: " + requests);
      // Past the deadline, nothing more is tried: left to the next run, and counted.
      outcomes.clear();
      new ReportStore(client)
          .write(
              wanted,
              new io.migrationguard.cluster.Deadline(System.nanoTime() - 1),
              (op, outcome, n) -> outcomes.merge(op + " " + outcome, n, Integer::sum));
      assertEquals(java.util.Map.of("create deadline", 3), outcomes);
      assertEquals(3, requests.get("POST").get());
    } finally {
      server.destroy();
    }
  }

  /**
   * A report of the audit's name that another tool wrote (no managed-by label of ours) is never
   * written over, while the audit's own is updated; nothing of the other tool's changes.
   */
  @Test
  void aReportAnotherToolWroteIsLeftAsItIs() throws Exception {
    KubernetesMockServer server = CrudApiServer.start();
    try (KubernetesClient client = server.createClient()) {
      var reports =
          client.genericKubernetesResources(
              new io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext.Builder()
                  .withGroup(ReportStore.GROUP)
                  .withVersion(ReportStore.VERSION)
                  .withKind("Report")
                  .withPlural("reports")
                  .withNamespaced(true)
                  .build());
      String name = io.migrationguard.report.OpenReportsReport.NAMESPACE_REPORT;
      String theirs =
          "{\"apiVersion\":\"openreports.io/v1alpha1\",\"kind\":\"Report\",\"metadata\":"
              + "{\"name\":\""
              + name
              + "\",\"namespace\":\"a\",\"labels\":{\"app.kubernetes.io/managed-by\":\"kyverno\"},"
              + "\"annotations\":{\"theirs\":\"1\"}},\"results\":[{\"policy\":\"theirs\"}]}";
      reports
          .inNamespace("a")
          .resource(
              JSON.readValue(
                  theirs, io.fabric8.kubernetes.api.model.GenericKubernetesResource.class))
          .create();
      ObjectNode wanted =
          (ObjectNode)
              JSON.readTree(
                  "{\"apiVersion\":\"openreports.io/v1alpha1\",\"kind\":\"Report\",\"metadata\":"
                      + "{\"name\":\""
                      + name
                      + "\",\"namespace\":\"a\",\"labels\":"
                      + "{\"app.kubernetes.io/managed-by\":\"migration-guard\"}},"
                      + "\"results\":[{\"policy\":\"ours\"}]}");
      ReportStore store = new ReportStore(client);
      for (int run = 0; run < 2; run++) {
        ReportStore.Writes w = store.write(List.of(wanted));
        assertEquals(0, w.created() + w.updated() + w.deleted(), "run " + run + ": " + w);
        assertEquals(List.of(), w.failed());
      }
      var stored = reports.inNamespace("a").withName(name).get();
      assertEquals("kyverno", stored.getMetadata().getLabels().get("app.kubernetes.io/managed-by"));
      assertEquals("1", stored.getMetadata().getAnnotations().get("theirs"));
      assertEquals(
          "theirs",
          JSON.valueToTree(stored.getAdditionalProperties()).at("/results/0/policy").asText());
      // Once it is gone, the audit writes its own there.
      reports.inNamespace("a").withName(name).delete();
      assertEquals(1, store.write(List.of(wanted)).created());
    } finally {
      server.destroy();
    }
  }

  @Test
  void aReplicaDoesNotAuditWhileAnotherHoldsTheLease() throws Exception {
    KubernetesMockServer server = CrudApiServer.start();
    try (KubernetesClient client = server.createClient()) {
      client
          .leases()
          .inNamespace("mg")
          .resource(
              new LeaseBuilder()
                  .withNewMetadata()
                  .withName(AuditLeadership.LEASE)
                  .withNamespace("mg")
                  .endMetadata()
                  .withNewSpec()
                  .withHolderIdentity("other")
                  .withLeaseDurationSeconds(3600)
                  .withAcquireTime(ZonedDateTime.now())
                  .withRenewTime(ZonedDateTime.now())
                  .withLeaseTransitions(0)
                  .endSpec()
                  .build())
          .create();
      AtomicInteger started = new AtomicInteger();
      try (AuditLeadership mine =
          new AuditLeadership(client, "mg", "me", started::incrementAndGet, () -> {})) {
        mine.start();
        Await.holds(
            Duration.ofMillis(1_500),
            () -> !mine.isLeader() && started.get() == 0,
            "without the Lease another replica holds");
      }
      client.leases().inNamespace("mg").withName(AuditLeadership.LEASE).delete();
      try (AuditLeadership mine =
          new AuditLeadership(client, "mg", "me", started::incrementAndGet, () -> {})) {
        mine.start();
        // The leader flag is set just before the start callback runs: wait for the callback.
        Await.until(Duration.ofSeconds(10), () -> started.get() > 0, "a free Lease taken");
        assertTrue(mine.isLeader());
        assertEquals(1, started.get());
      }
      // Closing released it at once (fabric8's release: a lease of one second from now), so the
      // next replica need not wait out the 30 s lease.
      var released =
          client.leases().inNamespace("mg").withName(AuditLeadership.LEASE).get().getSpec();
      assertEquals(1, released.getLeaseDurationSeconds(), "released on close: " + released);
    } finally {
      server.destroy();
    }
  }
}
