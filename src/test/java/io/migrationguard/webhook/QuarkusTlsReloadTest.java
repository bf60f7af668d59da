package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.migrationguard.testing.Await;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.QuarkusReloadProfile;
import io.migrationguard.webhook.support.TlsDir;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.URL;
import java.security.cert.X509Certificate;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Why the service has its own reloader (CertificateReloader) rather than Quarkus' periodic TLS
 * reload: Quarkus re-reads the files and serves whatever they hold. A rotation caught half-way (the
 * key of another certificate) is served, and from then on every handshake fails, where
 * CertificateRotationTest#mismatchedPairIsNotServed shows the service keeping the previous
 * certificate. When this test fails, Quarkus checks the pair itself and its reload can replace
 * ours.
 */
@QuarkusTest
@TestProfile(QuarkusReloadProfile.class)
class QuarkusTlsReloadTest {
  private static final Duration WAIT = Duration.ofSeconds(20);

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @Test
  void quarkusReloadServesAMismatchedPairAndEveryHandshakeFails() throws Exception {
    int port = base.getPort();
    X509Certificate good = tls.rotate();
    assertEquals(good, awaitServed(port, good), "a good pair is served");

    tls.rotateToMismatchedPair();
    String fails =
        "the handshake failing: the served key does not belong to the served certificate";
    Await.until(WAIT, () -> handshakeFails(port), fails);
    Await.holds(Duration.ofSeconds(3), () -> handshakeFails(port), fails); // three reload periods
  }

  private boolean handshakeFails(int port) {
    try {
      Https.peerCertificate(port, tls.caCertificate());
      return false;
    } catch (IOException expected) {
      return true;
    }
  }

  /**
   * Asks until {@code expected} is served. A handshake may fail meanwhile: Quarkus rebuilds the
   * server's TLS context on reload, and a connection arriving during the rebuild is dropped (seen
   * here as a NullPointerException in Vert.x' TCPServerBase: the context update not yet complete),
   * the other reason the service swaps the key manager instead.
   */
  private X509Certificate awaitServed(int port, X509Certificate expected) {
    return Await.until(
        WAIT,
        () -> Https.peerCertificate(port, tls.caCertificate()), // may throw during the rebuild
        expected::equals,
        "the new certificate served");
  }
}
