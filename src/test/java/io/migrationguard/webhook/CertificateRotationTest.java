package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.testing.Await;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/**
 * Certificate rotation as Kubernetes does it (a Secret's {@code ..data} symlink swapped): the next
 * handshake presents the new certificate within the reload period (1 s in tests), a connection
 * opened before keeps working, and a botched pair (key of another certificate) is not served.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class CertificateRotationTest {
  private static final Duration WAIT = Duration.ofSeconds(20);

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @Test
  void nextHandshakePresentsTheRotatedCertificate() throws Exception {
    int port = base.getPort();
    assertEquals(tls.current(), Https.peerCertificate(port, tls.caCertificate()));
    try (SSLSocket open =
        (SSLSocket) Https.socketFactory(tls.caCertificate()).createSocket("localhost", port)) {
      open.setSoTimeout(15_000);
      assertEquals(200, get(open, "/q/health/live"));

      X509Certificate next = tls.rotate();
      assertEquals(next, awaitServed(port, next), "the rotated certificate is served");

      assertEquals(200, get(open, "/q/health/live"), "the connection opened before still works");
    }
  }

  @Test
  void mismatchedPairIsNotServed() throws Exception {
    int port = base.getPort();
    X509Certificate good = tls.rotate();
    assertEquals(good, awaitServed(port, good));
    tls.rotateToMismatchedPair();
    Await.holds(
        Duration.ofSeconds(3), // three reload periods
        () -> Https.peerCertificate(port, tls.caCertificate()),
        good::equals,
        "the previous certificate served");
    Https.given(base, tls.caCertificate()).get("/q/health/ready").then().statusCode(200);

    X509Certificate fixed = tls.rotate();
    assertNotEquals(good, fixed);
    assertEquals(fixed, awaitServed(port, fixed), "a good pair after a bad one is served");
  }

  private X509Certificate awaitServed(int port, X509Certificate expected) {
    return Await.until(
        WAIT,
        () -> Https.peerCertificate(port, tls.caCertificate()),
        expected::equals,
        "the new certificate served");
  }

  /** One HTTP/1.1 keep-alive request on an open TLS socket; returns the status code. */
  private static int get(SSLSocket socket, String path) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(
        ("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    BufferedReader in =
        new BufferedReader(
            new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
    String status = in.readLine();
    int length = 0;
    for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
      if (line.toLowerCase().startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    char[] body = new char[length];
    int read = 0;
    while (read < length) {
      int n = in.read(body, read, length - read);
      assertTrue(n > 0, "response body");
      read += n;
    }
    return Integer.parseInt(status.split(" ")[1]);
  }
}
