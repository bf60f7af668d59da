package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.Reviews;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/**
 * Clients that do not play by the rules: bodies that never end are answered 408 and their
 * connections closed within the body deadline (5 s) while readiness, metrics and reviews keep
 * answering; a client that pipelines requests without reading answers loses its connection;
 * invented paths never crowd {@code /validate} out of the metrics.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class ConnectionGuardTest {
  // migration-guard.body-timeout's default, which this profile keeps.
  private static final long BODY_DEADLINE_MS = 5_000;

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  private SSLSocket connect() throws Exception {
    SSLSocket s =
        (SSLSocket)
            Https.socketFactory(tls.caCertificate()).createSocket("localhost", base.getPort());
    s.startHandshake();
    return s;
  }

  @Test
  void stalledBodiesAreClosedAndHealthKeepsAnswering() throws Exception {
    List<SSLSocket> stalled = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      SSLSocket s = connect();
      OutputStream out = s.getOutputStream();
      out.write(
          ("POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                  + "Content-Length: 3000000\r\n\r\n{\"apiVersion\":")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      stalled.add(s);
    }
    long t0 = System.nanoTime();
    Https.given(base, tls.caCertificate()).get("/q/health/ready").then().statusCode(200);
    Https.given(base, tls.caCertificate())
        .body(Reviews.vmimCreate("g-1", "{\"vmiName\":\"vmi\"}", "alice").toString())
        .post("/validate")
        .then()
        .statusCode(200);
    long answeredMs = (System.nanoTime() - t0) / 1_000_000;
    // Answered while the bodies still stall: they were all sent before t0, and the first is
    // closed a body deadline after its headers. A wide bound on a loaded machine (milliseconds
    // unloaded), still short of "only once the stalled connections were closed".
    assertTrue(
        answeredMs < BODY_DEADLINE_MS,
        "readiness and a review during the stall: " + answeredMs + " ms");
    for (SSLSocket s : stalled) {
      s.setSoTimeout(15_000);
      String head = readAll(s.getInputStream());
      assertTrue(head.startsWith("HTTP/1.1 408"), head);
      s.close();
    }
    long closedMs = (System.nanoTime() - t0) / 1_000_000;
    // The body deadline plus a wide margin for a loaded machine: what fails is "never closed".
    assertTrue(
        closedMs < BODY_DEADLINE_MS + 15_000,
        "stalled connections closed after " + closedMs + " ms");
  }

  @Test
  void aClientThatPipelinesWithoutReadingLosesItsConnection() throws Exception {
    byte[] review =
        Reviews.vmimCreate("g-2", "{\"vmiName\":\"vmi\",\"priority\":\"urgent\"}", "alice")
            .toString()
            .getBytes(StandardCharsets.UTF_8);
    byte[] request =
        ("POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: "
                + review.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    long written = 0;
    boolean closed = false;
    try (SSLSocket s = connect()) {
      OutputStream out = s.getOutputStream();
      try {
        // Far more requests than the server lets one connection pipeline, answers never read.
        while (written < 64L << 20) {
          out.write(request);
          out.write(review);
          written += request.length + review.length;
        }
        out.flush();
      } catch (java.io.IOException e) {
        closed = true; // the server closed the connection while we were still writing
      }
    }
    assertTrue(closed, "connection still open after " + (written >> 20) + " MiB of requests");
    assertTrue(written < 16L << 20, "closed only after " + (written >> 20) + " MiB");
    Https.given(base, tls.caCertificate()).get("/q/health/ready").then().statusCode(200);
  }

  @Test
  void inventedPathsNeverCrowdOutTheWebhooksMetrics() {
    for (int i = 0; i < 150; i++) {
      Https.given(base, tls.caCertificate()).get("/validate" + i);
      Https.given(base, tls.caCertificate()).get("/validate;a=" + i);
    }
    Https.given(base, tls.caCertificate())
        .body(Reviews.vmimCreate("g-3", "{\"vmiName\":\"vmi\"}", "alice").toString())
        .post("/validate")
        .then()
        .statusCode(200);
    String metrics =
        Https.given(base, tls.caCertificate()).get("/q/metrics").then().extract().asString();
    assertTrue(metrics.contains("uri=\"/validate\""), "validate recorded");
    assertTrue(metrics.contains("uri=\"/other\""), "invented paths collapse into one tag");
    assertTrue(!metrics.contains("uri=\"/validate17\""), "no tag per invented path");
  }

  /** Everything the server sends until it closes (a reset after the answer included). */
  static String readAll(InputStream in) {
    StringBuilder sb = new StringBuilder();
    byte[] buf = new byte[4096];
    int n;
    try {
      while ((n = in.read(buf)) > 0) {
        sb.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
      }
    } catch (java.io.IOException e) {
      // a reset after the answer is fine: the connection is closed either way
    }
    return sb.toString();
  }
}
