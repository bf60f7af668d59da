package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.mutate.JsonPatches;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API server's view of an install: certs/generate.sh makes the certificate, the packaged jar
 * serves with it, and every webhook of the manifests is called as the API server would call it
 * (Service DNS name as SNI and verified SAN, the generated caBundle as the only trust, the
 * configured path), with the AdmissionReviews its rules match. Runs in {@code integration-test},
 * after the jar is packaged.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebhookEndToEndIT {
  @TempDir static Path tmp;

  private final Manifests base = Manifests.base();
  private ServiceProcess service;
  private List<WebhookTarget> targets;
  private Path certs;
  private int port;

  @BeforeAll
  void startThePackagedServiceWithTheScriptsCertificate() throws Exception {
    OpensslAssumption.require();
    assertTrue(Files.isRegularFile(ServiceProcess.JAR), ServiceProcess.JAR + ": package first");
    certs = tmp.resolve("certs");
    Commands.generate(certs).ok();
    targets = WebhookTarget.all(base, certs);
    port = ServiceProcess.freePort();
    service =
        ServiceProcess.start(
            Map.of(
                "MIGRATION_GUARD_TLS_CERT", certs.resolve("tls.crt").toString(),
                "MIGRATION_GUARD_TLS_KEY", certs.resolve("tls.key").toString(),
                "MIGRATION_GUARD_PORT", Integer.toString(port),
                "MIGRATION_GUARD_CLUSTER", "off",
                "QUARKUS_HTTP_HOST", "127.0.0.1"),
            tmp);
    ApiServerClient probe = targets.get(0).client(port);
    service.awaitReady(Duration.ofSeconds(90), () -> status(probe, "/q/health/ready") == 200);
  }

  @AfterAll
  void stop() throws InterruptedException {
    if (service != null) {
      service.close();
    }
  }

  @Test
  void theManifestsRouteEveryWebhookToTheConfiguredServicePort() {
    assertEquals(8, targets.size(), "webhooks in the manifests (each split by the requester)");
    for (WebhookTarget t : targets) {
      assertEquals(Integer.parseInt(base.env("MIGRATION_GUARD_PORT")), t.containerPort(), t.name());
    }
  }

  @Test
  void everyWebhookAnswersEveryOperationItMatches() throws IOException {
    int calls = 0;
    for (WebhookTarget t : targets) {
      for (JsonNode rule : t.webhook().path("rules")) {
        Kind kind = kindOf(rule);
        for (JsonNode op : rule.path("operations")) {
          Operation o = Operation.valueOf(op.asText());
          if (t.configKind().startsWith("Validating")) {
            validates(t, kind, o);
          } else {
            mutates(t, kind, o);
          }
          calls++;
        }
      }
    }
    assertEquals(14, calls, "(webhook, kind, operation) combinations exercised");
  }

  /**
   * Monitoring in this mode (issue 35): a real Prometheus scrapes the service as the generated
   * ServiceMonitor says, and the certificate-expiry alert stays silent for a 365-day certificate.
   */
  @Test
  void prometheusScrapesAsTheServiceMonitorSays() throws Exception {
    MetricsScrape.check(certs, port, false, tmp);
  }

  @Test
  void aWrongPathIsNotAWebhook() throws IOException {
    WebhookTarget t = targets.get(0);
    ObjectNode review = Reviews.request(Kind.POLICY, Operation.CREATE, Reviews.policy(), null);
    var r =
        t.client(port).post(t.path() + "-not-configured", Reviews.JSON.writeValueAsBytes(review));
    assertNotEquals(200, r.status(), "an unconfigured path must not answer like a webhook");
  }

  @Test
  void aNameOutsideTheCertificatesSansIsRefused() {
    WebhookTarget t = targets.get(0);
    var wrong =
        new WebhookTarget(
            t.configKind(),
            t.webhook(),
            "migration-guard.default.svc",
            t.path(),
            t.caBundle(),
            t.containerPort());
    assertThrows(SSLException.class, () -> wrong.client(port).get("/q/health/live"));
  }

  @Test
  void aCaOtherThanTheBundleIsNotTrusted() throws IOException {
    Path other = tmp.resolve("other-ca");
    Commands.generate(other).ok();
    WebhookTarget t = targets.get(0);
    var untrusted =
        new WebhookTarget(
            t.configKind(),
            t.webhook(),
            t.serverName(),
            t.path(),
            Pem.certificates(other.resolve("ca.crt")),
            t.containerPort());
    assertThrows(SSLException.class, () -> untrusted.client(port).get("/q/health/live"));
  }

  @Test
  void rerunningTheScriptRotatesTheServedCertificateWithoutARestart() throws Exception {
    WebhookTarget t = targets.get(targets.size() - 1);
    ApiServerClient client = t.client(port);
    long pid = service.pid();
    assertEquals(
        Pem.certificate(certs.resolve("tls.crt")), client.servedCertificate(), "before rotation");
    Commands.generate(certs).ok();
    X509Certificate rotated = Pem.certificate(certs.resolve("tls.crt"));
    // The service re-reads the files every 10 s; the caBundle (the same CA) still verifies it.
    service.awaitReady(Duration.ofSeconds(60), () -> rotated.equals(served(client)));
    assertEquals(pid, service.pid(), "reloaded, not restarted");
    mutates(t, kindOf(t.webhook().at("/rules/0")), Operation.CREATE);
  }

  private void validates(WebhookTarget t, Kind kind, Operation op) throws IOException {
    ObjectNode good = kind == Kind.VMIM ? Reviews.migration() : Reviews.policy();
    JsonNode old = op == Operation.UPDATE ? good.deepCopy() : null;
    JsonNode allowed = answer(t, Reviews.request(kind, op, good, old));
    assertTrue(allowed.path("allowed").asBoolean(), t.name() + " " + op + " good: " + allowed);

    ObjectNode bad = good.deepCopy();
    String field;
    if (kind == Kind.POLICY) {
      ((ObjectNode) bad.path("spec")).put("bandwidthPerMigration", "fast");
      field = "spec.bandwidthPerMigration"; // the schema's Quantity pattern, and policy-bandwidth
    } else if (op == Operation.CREATE) {
      ((ObjectNode) bad.path("spec")).put("priority", "urgent");
      field = "spec.priority"; // vmim-priority-enum, vmim-priority-requester
    } else {
      ((ObjectNode) bad.path("spec")).put("vmiName", "vmi-2");
      field = "spec.vmiName"; // vmim-spec-immutable
    }
    JsonNode denied = answer(t, Reviews.request(kind, op, bad, old));
    String what = t.name() + " " + op + " bad: " + denied;
    assertFalse(denied.path("allowed").asBoolean(true), what);
    assertEquals(422, denied.at("/status/code").asInt(), what);
    assertEquals("Invalid", denied.at("/status/reason").asText(), what);
    List<String> fields = new ArrayList<>();
    denied.at("/status/details/causes").forEach(c -> fields.add(c.path("field").asText()));
    assertTrue(fields.contains(field), what);
  }

  private void mutates(WebhookTarget t, Kind kind, Operation op) throws IOException {
    ObjectNode object = kind == Kind.VMIM ? Reviews.migration() : Reviews.policy();
    JsonNode old = op == Operation.UPDATE ? object.deepCopy() : null;
    JsonNode first = answer(t, Reviews.request(kind, op, object, old));
    String what = t.name() + " " + op + ": " + first;
    assertTrue(first.path("allowed").asBoolean(), what);
    assertEquals("JSONPatch", first.path("patchType").asText(), what);
    byte[] patch = Base64.getDecoder().decode(first.path("patch").asText());
    JsonNode stored = JsonPatches.apply(object, Reviews.JSON.readTree(patch));
    if (kind == Kind.VMIM) {
      assertEquals(
          "[\"kubevirt.io/migrationJobFinalize\"]",
          stored.at("/metadata/finalizers").toString(),
          what);
      assertEquals(
          "vmi-1", stored.at("/metadata/labels").path("kubevirt.io/vmi-name").asText(), what);
    } else {
      assertTrue(stored.at("/spec/allowWorkloadDisruption").asBoolean(false), what);
    }
    // reinvocationPolicy IfNeeded calls us again with the stored object: nothing more to add.
    JsonNode again = answer(t, Reviews.request(kind, op, stored, old));
    assertTrue(again.path("allowed").asBoolean(), t.name() + " again: " + again);
    assertTrue(
        again.path("patch").isMissingNode() && again.path("patchType").isMissingNode(),
        t.name() + " is idempotent: " + again);
  }

  /** Posts {@code review} and checks the envelope the API server requires; returns the response. */
  private JsonNode answer(WebhookTarget t, ObjectNode review) throws IOException {
    var r = t.client(port).post(t.path(), Reviews.JSON.writeValueAsBytes(review));
    assertEquals(200, r.status(), t.name() + " " + t.path() + ": " + r.text());
    assertTrue(r.headers().contains("content-type: application/json"), r.headers());
    JsonNode body = Reviews.JSON.readTree(r.body());
    assertEquals("admission.k8s.io/v1", body.path("apiVersion").asText(), r.text());
    assertEquals("AdmissionReview", body.path("kind").asText(), r.text());
    assertEquals(review.at("/request/uid").asText(), body.at("/response/uid").asText(), r.text());
    return body.path("response");
  }

  private static Kind kindOf(JsonNode rule) {
    for (Kind k : Kind.values()) {
      if (rule.path("resources").toString().contains("\"" + EngineCoverage.resource(k) + "\"")) {
        return k;
      }
    }
    throw new AssertionError("not our kind: " + rule);
  }

  private static X509Certificate served(ApiServerClient client) {
    try {
      return client.servedCertificate();
    } catch (IOException e) {
      return null;
    }
  }

  private static int status(ApiServerClient client, String path) {
    try {
      return client.get(path).status();
    } catch (IOException e) {
      return -1;
    }
  }
}
