package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.mutate.JsonPatches;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Golden AdmissionReviews: every {@code reviews/<endpoint>/<case>.request.json} is POSTed over
 * HTTPS and the whole response compared with {@code <case>.response.json}, field by field. When a
 * {@code <case>.patched.json} exists, the response must carry a JSON Patch; it is decoded, applied
 * to {@code request.object} and the result compared with that file.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class AdmissionReviewGoldenTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  static Stream<String> cases() throws IOException, URISyntaxException {
    Path root = Path.of(AdmissionReviewGoldenTest.class.getResource("/reviews").toURI());
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .map(p -> root.relativize(p).toString())
          .filter(p -> p.endsWith(".request.json"))
          .map(p -> p.substring(0, p.length() - ".request.json".length()))
          .sorted()
          .toList()
          .stream();
    }
  }

  /**
   * One test over every case (failures reported together, each named): a parameterized test would
   * restart the packaged jar per case under {@code @QuarkusIntegrationTest}.
   */
  @Test
  void answersAsRecorded() throws IOException, URISyntaxException {
    List<String> names = cases().toList();
    assertFalse(names.isEmpty(), "fixtures found");
    assertAll(names.stream().map(name -> () -> answersAsRecorded(name)));
  }

  private void answersAsRecorded(String name) throws IOException {
    JsonNode request = fixture(name + ".request.json");
    ObjectNode expected = (ObjectNode) fixture(name + ".response.json");
    String endpoint = name.substring(0, name.indexOf('/'));
    String body =
        Https.given(base, tls.caCertificate())
            .contentType("application/json")
            .body(JSON.writeValueAsBytes(request))
            .post("/" + endpoint)
            .then()
            .statusCode(200)
            .contentType("application/json")
            .extract()
            .asString();
    ObjectNode actual = (ObjectNode) JSON.readTree(body);
    ObjectNode response = (ObjectNode) actual.get("response");
    JsonNode patched = fixtureOrNull(name + ".patched.json");
    if (patched != null) {
      assertEquals("JSONPatch", response.path("patchType").asText(), name + ": patchType");
      JsonNode patch = JSON.readTree(Base64.getDecoder().decode(response.path("patch").asText()));
      assertTrue(patch.isArray() && !patch.isEmpty(), name + ": a non-empty JSON Patch array");
      JsonNode object = request.path("request").path("object");
      assertEquals(patched, JsonPatches.apply(object, patch), name + ": the patched object");
      response.remove("patch");
      response.remove("patchType");
    } else {
      assertFalse(response.has("patch") || response.has("patchType"), name + ": no patch: " + body);
    }
    assertEquals(expected.toPrettyString(), actual.toPrettyString(), name);
  }

  private static JsonNode fixture(String name) throws IOException {
    JsonNode n = fixtureOrNull(name);
    if (n == null) {
      throw new IOException("missing fixture " + name);
    }
    return n;
  }

  private static JsonNode fixtureOrNull(String name) throws IOException {
    try (var in = AdmissionReviewGoldenTest.class.getResourceAsStream("/reviews/" + name)) {
      return in == null ? null : JSON.readTree(in);
    }
  }
}
