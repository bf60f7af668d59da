package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.RawHttp;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every error path answers a JSON {@code v1 Status} with the expected code and no internal detail:
 * no stack trace, no Java class or package name, whatever the method, path, content type or body.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class ErrorBodiesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String REVIEW_HEAD =
      "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":";

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  static Stream<Arguments> errors() {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);
    return Stream.of(
        Arguments.of("POST", "/validate", "application/json", "{\"a\":", 400),
        Arguments.of("POST", "/mutate", "application/json", "{\"a\":1}}", 400),
        Arguments.of("POST", "/validate", "application/xml", "<AdmissionReview/>", 400),
        Arguments.of("POST", "/mutate", "text/plain", "hello", 400),
        Arguments.of("POST", "/validate", "application/json", REVIEW_HEAD + deep + "}", 400),
        Arguments.of("POST", "/validate", "application/json", REVIEW_HEAD + "\"\\ud800\"}", 400),
        Arguments.of("POST", "/validate", "application/json", "x".repeat(3 * 1024 * 1024 + 1), 413),
        Arguments.of("GET", "/validate", "application/json", "", 405),
        Arguments.of("DELETE", "/mutate", "application/json", "", 405),
        Arguments.of("POST", "/nothing", "application/json", "{}", 404),
        Arguments.of("GET", "/q/../../etc/passwd", "application/json", "", 404),
        Arguments.of("GET", "/q/nothing", "application/json", "", 404));
  }

  @ParameterizedTest
  @MethodSource("errors")
  void errorBodiesAreStatusesWithoutInternals(
      String method, String path, String type, String body, int code) throws Exception {
    RawHttp.Reply reply =
        RawHttp.exchange(
            Https.socketFactory(tls.caCertificate()), base.getPort(), method, path, type, body);
    assertEquals(code, reply.status(), reply.body());
    for (String leak : new String[] {"Exception", "\tat ", "at io.", "java.", "jackson", "vertx"}) {
      assertFalse(reply.body().contains(leak), "'" + leak + "' in " + reply.body());
    }
    JsonNode status = JSON.readTree(reply.body());
    assertEquals("Status", status.path("kind").asText(), reply.body());
    assertEquals(code, status.path("code").asInt(), reply.body());
    assertTrue(status.path("message").asText().length() < 500, reply.body());
  }
}
