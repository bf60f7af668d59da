package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.webhook.support.ClientCaTestProfile;
import io.migrationguard.webhook.support.ClientCerts;
import io.migrationguard.webhook.support.RawHttp;
import io.migrationguard.webhook.support.Reviews;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.URL;
import org.junit.jupiter.api.Test;

/**
 * Mutual TLS ({@code migration-guard.tls.client-ca}) over real TLS: a client certificate of the
 * configured CA is served; one of another CA fails the handshake; no certificate is refused with a
 * 401 Status on every path but the kubelet's health probes and a GET of the metrics.
 */
@QuarkusTest
@TestProfile(ClientCaTestProfile.class)
class ClientCaTest {
  @TestHTTPResource(value = "/", tls = true)
  URL base;

  ClientCerts certs;

  private String review(String uid) {
    return Reviews.vmimCreate(uid, "{\"vmiName\":\"vmi\"}", "alice").toString();
  }

  @Test
  void certificateOfTheClientCaIsServed() throws IOException {
    var factory = certs.socketFactory(certs.trusted());
    for (String path : new String[] {"/validate", "/mutate"}) {
      RawHttp.Reply reply = RawHttp.exchange(factory, base.getPort(), "POST", path, review("u-m"));
      assertEquals(200, reply.status(), reply.body());
      assertTrue(reply.body().contains("\"uid\":\"u-m\""), reply.body());
    }
    assertEquals(
        200, RawHttp.exchange(factory, base.getPort(), "GET", "/q/health/ready", null).status());
  }

  @Test
  void noCertificateIsRefusedExceptForProbes() throws IOException {
    var factory = certs.socketFactory(null);
    for (String path : new String[] {"/validate", "/mutate", "/q/metrics", "/nothing"}) {
      RawHttp.Reply reply = RawHttp.exchange(factory, base.getPort(), "POST", path, review("u-n"));
      assertEquals(401, reply.status(), path);
      assertTrue(reply.body().contains("\"reason\":\"Unauthorized\""), reply.body());
      assertFalse(reply.body().contains("u-n"), "the review was not read");
    }
    // The kubelet's probes and Prometheus' scrape come without a certificate.
    for (String probe :
        new String[] {"/q/health", "/q/health/live", "/q/health/ready", "/q/metrics"}) {
      assertEquals(200, RawHttp.exchange(factory, base.getPort(), "GET", probe, null).status());
    }
    // A look-alike of the probe or metrics path is neither.
    for (String path : new String[] {"/q/healthz", "/q/metricsx", "/q/metrics/x"}) {
      assertEquals(401, RawHttp.exchange(factory, base.getPort(), "GET", path, null).status());
    }
  }

  @Test
  void certificateOfAnotherCaFailsTheHandshake() {
    var factory = certs.socketFactory(certs.stranger());
    // TLS 1.3 reports the server's alert on the client's first read, hence the whole exchange.
    assertThrows(
        IOException.class,
        () -> RawHttp.exchange(factory, base.getPort(), "POST", "/validate", review("u-s")));
    assertThrows(
        IOException.class,
        () -> RawHttp.exchange(factory, base.getPort(), "GET", "/q/health/ready", null));
  }
}
