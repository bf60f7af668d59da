package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.webhook.support.ClientHello;
import io.migrationguard.webhook.support.ClientHello.ServerHello;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.RawHttp;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.net.SocketFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TLS policy: TLS 1.2 is the floor (1.0 and 1.1 ClientHellos are refused, 1.2 and 1.3 complete);
 * AEAD cipher suites only (TLS 1.3's, and ECDHE with AES-GCM or ChaCha20-Poly1305 on TLS 1.2: no
 * CBC, no RSA key exchange, no DHE); client-initiated renegotiation is refused; there is no
 * plaintext HTTP on the port nor a plaintext listener. Served with an EC key here, with an RSA
 * (PKCS#1) key from the packaged jar by {@code TlsPolicyIT}.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class TlsPolicyTest {
  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @ParameterizedTest
  @ValueSource(ints = {0x0301, 0x0302})
  void tls10And11HellosAreRefused(int version) throws IOException {
    assertEquals(-1, ClientHello.serverHelloVersion(base.getPort(), version));
  }

  @Test
  void theSameHelloForTls12IsAnswered() throws IOException {
    // The control: the hand-written hello is good, only its version differs.
    assertEquals(0x0303, ClientHello.serverHelloVersion(base.getPort(), 0x0303));
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.2", "TLSv1.3"})
  void jdkClientCompletesTls12And13(String protocol) throws IOException {
    try (SSLSocket socket =
        (SSLSocket)
            Https.socketFactory(tls.caCertificate()).createSocket("localhost", base.getPort())) {
      socket.setSoTimeout(10_000);
      socket.setEnabledProtocols(new String[] {protocol});
      socket.startHandshake();
      assertEquals(protocol, socket.getSession().getProtocol());
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "c023c027c024c028", // ECDHE_ECDSA and ECDHE_RSA with AES-CBC, SHA-256 and SHA-384
        "c009c013c00ac014", // ECDHE_ECDSA and ECDHE_RSA with AES-CBC, SHA-1
        "009c009d002f0035003c003d", // RSA key exchange, AES-GCM and AES-CBC
        "009e009f00330039ccaa" // DHE_RSA, AES-GCM, AES-CBC and ChaCha20-Poly1305
      })
  void tls12HellosWithoutAnEcdheAeadSuiteAreRefused(String suites) throws IOException {
    assertNull(ClientHello.serverHello(base.getPort(), 0x0303, suites));
  }

  @Test
  void theSameHelloWithGcmSuitesGetsGcm() throws IOException {
    // The control: CBC suites first, then ECDHE-ECDSA and ECDHE-RSA with AES-128-GCM.
    ServerHello answer =
        ClientHello.serverHello(base.getPort(), 0x0303, "c023c027c009c013c02bc02f");
    assertNotNull(answer);
    assertEquals(0x0303, answer.version());
    assertEquals(ecKey() ? 0xc02b : 0xc02f, answer.cipherSuite());
  }

  @Test
  void jdkClientNegotiatesExactlyTheAeadSuites() {
    // Every suite the JDK knows, one per handshake: the ones that complete are the ones served.
    SSLContext context = Https.sslContext(tls.caCertificate());
    Set<String> completed = new TreeSet<>();
    for (String suite : context.getSupportedSSLParameters().getCipherSuites()) {
      String protocol = suite.contains("_WITH_") ? "TLSv1.2" : "TLSv1.3";
      try (SSLSocket socket =
          (SSLSocket) context.getSocketFactory().createSocket("localhost", base.getPort())) {
        socket.setSoTimeout(10_000);
        socket.setEnabledProtocols(new String[] {protocol});
        socket.setEnabledCipherSuites(new String[] {suite});
        socket.startHandshake();
        completed.add(
            socket.getSession().getProtocol() + " " + socket.getSession().getCipherSuite());
      } catch (IOException | IllegalArgumentException refused) {
        // not served (or not offered by the JDK client)
      }
    }
    String signature = ecKey() ? "ECDSA" : "RSA";
    Set<String> expected =
        new TreeSet<>(
            List.of(
                "TLSv1.3 TLS_AES_128_GCM_SHA256",
                "TLSv1.3 TLS_AES_256_GCM_SHA384",
                "TLSv1.3 TLS_CHACHA20_POLY1305_SHA256",
                "TLSv1.2 TLS_ECDHE_" + signature + "_WITH_AES_128_GCM_SHA256",
                "TLSv1.2 TLS_ECDHE_" + signature + "_WITH_AES_256_GCM_SHA384",
                "TLSv1.2 TLS_ECDHE_" + signature + "_WITH_CHACHA20_POLY1305_SHA256"));
    assertEquals(expected, completed);
  }

  @Test
  void clientInitiatedRenegotiationIsRefused() throws IOException {
    try (SSLSocket socket = tls12Socket()) {
      socket.startHandshake();
      socket.startHandshake(); // on TLS 1.2 the JDK client renegotiates: a new ClientHello
      // The server answers the new hello with a fatal alert instead of a ServerHello: the
      // renegotiation never completes and the connection is over.
      String status;
      try {
        status = statusLine(socket);
      } catch (IOException refused) {
        status = "refused: " + refused;
      }
      assertTrue(status.startsWith("refused: javax.net.ssl.SSLHandshakeException"), status);
    }
  }

  @Test
  void withoutRenegotiationTheSameConnectionIsAnswered() throws IOException {
    // The control: the same client and request, one handshake.
    try (SSLSocket socket = tls12Socket()) {
      socket.startHandshake();
      assertEquals("HTTP/1.1 200 OK", statusLine(socket));
    }
  }

  @Test
  void plainHttpGetsNoHttpAnswer() {
    assertThrows(
        IOException.class,
        () ->
            RawHttp.exchange(
                SocketFactory.getDefault(), base.getPort(), "GET", "/q/health/live", null));
  }

  @Test
  void noPlaintextListenerIsConfigured() {
    assertEquals(
        "disabled",
        ConfigProvider.getConfig().getValue("quarkus.http.insecure-requests", String.class));
  }

  private boolean ecKey() {
    return tls.current().getPublicKey().getAlgorithm().equals("EC");
  }

  private SSLSocket tls12Socket() throws IOException {
    SSLSocket socket =
        (SSLSocket)
            Https.socketFactory(tls.caCertificate()).createSocket("localhost", base.getPort());
    socket.setSoTimeout(10_000);
    socket.setEnabledProtocols(new String[] {"TLSv1.2"});
    return socket;
  }

  /** Sends {@code GET /q/health/live} and returns the status line, or null at end of stream. */
  private static String statusLine(SSLSocket socket) throws IOException {
    socket
        .getOutputStream()
        .write(
            "GET /q/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
    InputStream in = socket.getInputStream();
    StringBuilder line = new StringBuilder();
    for (int c = in.read(); c != '\n'; c = in.read()) {
      if (c < 0) {
        return null;
      }
      line.append((char) c);
    }
    return line.toString().strip();
  }
}
