package io.migrationguard.webhook;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.Reviews;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/** Health, metrics, the review log line and the TLS surface, as an operator sees them. */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class OperationsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @Test
  void healthEndpointsAnswerOverHttps() {
    Https.given(base, tls.caCertificate())
        .get("/q/health/live")
        .then()
        .statusCode(200)
        .body("status", equalTo("UP"));
    Https.given(base, tls.caCertificate())
        .get("/q/health/ready")
        .then()
        .statusCode(200)
        .body("status", equalTo("UP"))
        .body("checks.name", hasItems("serving-certificate", "cluster"))
        .body("checks.find { it.name == 'cluster' }.data.mode", equalTo("off"))
        .body("checks.find { it.name == 'cluster' }.data.connected", equalTo(false))
        .body(
            "checks.find { it.name == 'serving-certificate' }.data.subject",
            containsString("localhost"));
  }

  @Test
  void metricsCountReviewsByLabel() {
    ObjectNode review = Reviews.vmimCreate("u-metrics", "{\"vmiName\":\"vmi\"}", "alice");
    ((ObjectNode) review.get("request")).put("dryRun", true);
    Https.given(base, tls.caCertificate())
        .body(review.toString())
        .post("/validate")
        .then()
        .statusCode(200);
    String metrics =
        Https.given(base, tls.caCertificate())
            .get("/q/metrics")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertTrue(
        Pattern.compile(
                "migration_guard_admission_requests_total\\{[^}]*dry_run=\"true\"[^}]*"
                    + "kind=\"VirtualMachineInstanceMigration\",operation=\"CREATE\",webhook=\"validate\"\\} [1-9]")
            .matcher(metrics)
            .find(),
        metrics);
    assertTrue(metrics.contains("migration_guard_admission_duration_seconds_bucket{"), "histogram");
    Matcher expiry =
        Pattern.compile("migration_guard_certificate_expiry_seconds ([0-9.E]+)").matcher(metrics);
    assertTrue(expiry.find(), "expiry gauge");
    assertTrue(Double.parseDouble(expiry.group(1)) > 3600, "a test certificate lives a day");
  }

  @Test
  void ruleDenialsAreCounted() {
    ObjectNode review =
        Reviews.vmimCreate(
            "u-denied",
            "{\"vmiName\":\"vmi\",\"priority\":\"urgent\"}",
            "system:serviceaccount:kubevirt:kubevirt-controller");
    Https.given(base, tls.caCertificate())
        .body(review.toString())
        .post("/validate")
        .then()
        .statusCode(200)
        .body("response.allowed", equalTo(false));
    Https.given(base, tls.caCertificate())
        .get("/q/metrics")
        .then()
        .body(containsString("migration_guard_rule_denials_total{rule=\"vmim-priority-enum\"}"));
  }

  @Test
  void eachReviewLogsOneJsonLine() throws IOException {
    List<String> lines = new CopyOnWriteArrayList<>();
    Handler capture =
        new Handler() {
          @Override
          public void publish(LogRecord r) {
            lines.add(r.getMessage());
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    Logger logger = Logger.getLogger(ReviewLog.CATEGORY);
    logger.addHandler(capture);
    try {
      ObjectNode review = Reviews.vmimCreate("u-log", "{\"vmiName\":\"vmi\"}", "carol");
      Https.given(base, tls.caCertificate())
          .body(review.toString())
          .post("/mutate")
          .then()
          .statusCode(200);
    } finally {
      logger.removeHandler(capture);
    }
    JsonNode line =
        lines.stream()
            .map(OperationsTest::json)
            .filter(n -> n.path("uid").asText().equals("u-log"))
            .findFirst()
            .orElseThrow();
    assertEquals("mutate", line.get("webhook").asText());
    assertEquals("VirtualMachineInstanceMigration", line.get("kind").asText());
    assertEquals("default", line.get("namespace").asText());
    assertEquals("mig", line.get("name").asText());
    assertEquals("CREATE", line.get("operation").asText());
    assertEquals("carol", line.get("user").asText());
    assertFalse(line.get("dryRun").asBoolean());
    assertTrue(line.get("allowed").asBoolean());
    assertTrue(line.get("latencyMs").isNumber());
    assertTrue(line.get("rules").isArray());
  }

  @Test
  void noPlaintextAndNoTlsBelow12() throws IOException {
    try (Socket plain = new Socket("localhost", base.getPort())) {
      plain.setSoTimeout(10_000);
      OutputStream out = plain.getOutputStream();
      out.write(
          "GET /q/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n"
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = plain.getInputStream();
      byte[] head = in.readNBytes(4);
      assertFalse(
          new String(head, StandardCharsets.US_ASCII).startsWith("HTTP"), "no plaintext HTTP");
    } catch (IOException closed) {
      // the TLS listener dropping a plaintext client is the expected outcome too
    }
    try (SSLSocket s =
        (SSLSocket)
            Https.socketFactory(tls.caCertificate()).createSocket("localhost", base.getPort())) {
      s.setEnabledProtocols(new String[] {"TLSv1.2"});
      s.startHandshake();
      assertEquals("TLSv1.2", s.getSession().getProtocol());
    }
    try (SSLSocket s =
        (SSLSocket)
            Https.socketFactory(tls.caCertificate()).createSocket("localhost", base.getPort())) {
      s.startHandshake();
      assertEquals("TLSv1.3", s.getSession().getProtocol());
    }
  }

  private static JsonNode json(String s) {
    try {
      return JSON.readTree(s);
    } catch (IOException e) {
      return JSON.createObjectNode();
    }
  }
}
