package io.migrationguard.webhook.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.webhook.support.ClientCaTestProfile;
import io.migrationguard.webhook.support.ClientCerts;
import io.migrationguard.webhook.support.RawHttp;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import org.junit.jupiter.api.Test;

/**
 * With client certificates on, the exemption of the probes and the metrics is decided on the
 * canonical path: {@code /q/health/..%2fmetrics} starts with {@code /q/health/} but is no probe,
 * and a client without a certificate gets 401 for it, as for any other path.
 */
@QuarkusTest
@TestProfile(ClientCaTestProfile.class)
class NormalisedPathFilterTest {
  @TestHTTPResource(value = "/", tls = true)
  URL base;

  ClientCerts certs;

  @Test
  void aLookAlikeOfAProbePathNeedsACertificate() throws Exception {
    var none = certs.socketFactory(null);
    for (String path :
        new String[] {
          "/q/health/..%2fmetrics",
          "/q/health/../metrics",
          "/q/health/%2e%2e/validate",
          "/q/health/live/..%2f..%2f..%2fvalidate",
          "//q/health/live",
          "/q/health/./live"
        }) {
      for (String method : new String[] {"GET", "POST"}) {
        RawHttp.Reply reply = RawHttp.exchange(none, base.getPort(), method, path, "{}");
        assertEquals(401, reply.status(), method + " " + path + ": " + reply.body());
        assertTrue(reply.body().contains("\"reason\":\"Unauthorized\""), reply.body());
      }
    }
    assertEquals(
        200, RawHttp.exchange(none, base.getPort(), "GET", "/q/health/live", null).status());
    // With a certificate, the same look-alike is an unserved path: 404.
    var trusted = certs.socketFactory(certs.trusted());
    assertEquals(
        404,
        RawHttp.exchange(trusted, base.getPort(), "GET", "/q/health/..%2fmetrics", null).status());
  }
}
