package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.migrationguard.webhook.support.ClientHello;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.RawHttp;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.URL;
import javax.net.SocketFactory;
import javax.net.ssl.SSLSocket;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TLS policy: TLS 1.2 is the floor (1.0 and 1.1 ClientHellos are refused, 1.2 and 1.3 complete),
 * and there is no plaintext HTTP on the port nor a plaintext listener.
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
}
