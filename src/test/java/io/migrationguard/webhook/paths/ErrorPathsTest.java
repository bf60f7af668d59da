package io.migrationguard.webhook.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.webhook.support.CapturedLog;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.RawHttp;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

/**
 * Unknown, percent-encoded and dot-segment paths get the same JSON 404 over HTTP/1.1 and HTTP/2
 * (issue 37: HTTP/2 got Quarkus' 500 page with a stack trace, and the log an 8 KB trace per
 * request), and the log gets at most one line per client per minute for them.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class ErrorPathsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  static final List<String> UNSERVED =
      List.of(
          "/nope",
          "/q/health/..%2fmetrics",
          "/q/health/../metrics",
          "//validate",
          "/%2e%2e/",
          "/validate/",
          "/q/health/%2e%2e/metrics",
          "/q/metrics/",
          "/validate;a=1",
          "/q/health/ready/..",
          "/q/dev");

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @Test
  void everyUnservedPathIsAJson404OverBothProtocolsWithoutAStackTrace() throws Exception {
    HttpClient h2 =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_2)
            .sslContext(Https.sslContext(tls.caCertificate()))
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    try (CapturedLog log = new CapturedLog()) {
      for (int round = 0; round < 3; round++) {
        for (String path : UNSERVED) {
          for (String method : List.of("GET", "POST")) {
            HttpResponse<String> r =
                h2.send(
                    HttpRequest.newBuilder(URI.create("https://localhost:" + base.getPort() + path))
                        .timeout(Duration.ofSeconds(30))
                        .header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString("{}"))
                        .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(HttpClient.Version.HTTP_2, r.version(), path);
            isNotFound(method + " " + path + " over h2", r.statusCode(), r.body());
            RawHttp.Reply h1 =
                RawHttp.exchange(
                    Https.socketFactory(tls.caCertificate()), base.getPort(), method, path, "{}");
            isNotFound(method + " " + path + " over h1", h1.status(), h1.body());
          }
        }
      }
      assertEquals(List.of(), texts(log.withStackTraces()), "no stack trace in the log");
      List<String> ours =
          texts(log.records()).stream().filter(t -> t.startsWith("404 for ")).toList();
      // 132 requests from one client within a minute: one line (another test of this run may
      // have had its line already: then none).
      assertTrue(ours.size() <= 1, ours.toString());
    }
    // The served paths still answer over HTTP/2.
    HttpResponse<String> ready =
        h2.send(
            HttpRequest.newBuilder(
                    URI.create("https://localhost:" + base.getPort() + "/q/health/ready"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, ready.statusCode(), ready.body());
  }

  private static void isNotFound(String what, int code, String body) throws Exception {
    assertEquals(404, code, what + ": " + body);
    for (String leak : new String[] {"Exception", "\tat ", "Stack", "Error id", "java."}) {
      assertFalse(body.contains(leak), what + ": '" + leak + "' in " + body);
    }
    JsonNode status = JSON.readTree(body);
    assertEquals("Status", status.path("kind").asText(), what + ": " + body);
    assertEquals("NotFound", status.path("reason").asText(), what + ": " + body);
    assertEquals(404, status.path("code").asInt(), what + ": " + body);
  }

  private static List<String> texts(List<LogRecord> records) {
    return records.stream()
        .map(r -> r.getLevel() + " " + r.getLoggerName() + ": " + r.getMessage())
        .map(t -> t.substring(t.indexOf(": ") + 2))
        .toList();
  }
}
