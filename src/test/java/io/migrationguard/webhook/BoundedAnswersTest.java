package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.webhook.review.AdmissionResponses;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.Reviews;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Hostile objects just under the 3 MiB body limit get small answers: findings are bounded per
 * review (counted past the bound: "and N more"), echoed values and paths cut, warnings at most 4
 * KiB, patches bounded; every answer under 64 KiB.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class BoundedAnswersTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_ANSWER = 64 * 1024;
  private static final int BODY_LIMIT = 3 * 1024 * 1024;

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  private JsonNode post(String path, ObjectNode review) throws Exception {
    byte[] body = JSON.writeValueAsBytes(review);
    assertTrue(body.length < BODY_LIMIT, "body " + body.length);
    byte[] answer =
        Https.given(base, tls.caCertificate())
            .contentType("application/json")
            .body(body)
            .post(path)
            .then()
            .statusCode(200)
            .extract()
            .asByteArray();
    assertTrue(answer.length < MAX_ANSWER, path + " answer of " + answer.length + " bytes");
    return JSON.readTree(answer).path("response");
  }

  @Test
  void aHundredThousandTypeErrorsAreCountedNotListed() throws Exception {
    ObjectNode review = Reviews.vmimCreate("h-1", "{\"vmiName\":\"vmi\"}", "alice");
    ArrayNode finalizers =
        ((ObjectNode) review.at("/request/object/metadata")).putArray("finalizers");
    for (int i = 0; i < 300_000; i++) {
      finalizers.add(i);
    }
    JsonNode r = post("/validate", review);
    assertFalse(r.path("allowed").asBoolean());
    String message = r.at("/status/message").asText();
    assertTrue(message.endsWith(" more validation errors"), message);
    long more = Long.parseLong(message.replaceAll(".*, and (\\d+) more validation errors$", "$1"));
    assertEquals(300_000 - AdmissionResponses.MAX_LISTED, more, message);
    assertEquals(AdmissionResponses.MAX_LISTED, r.at("/status/details/causes").size());
  }

  @Test
  void hugeValuesAndKeysAreCutInEveryMessage() throws Exception {
    String huge = "a".repeat(1_500_000);
    ObjectNode review =
        Reviews.vmimCreate(
            "h-2", "{\"vmiName\":\"" + huge + "\",\"priority\":\"" + huge + "\"}", "alice");
    ((ObjectNode) review.at("/request/object/metadata")).put("name", huge.substring(0, 10_000));
    JsonNode r = post("/validate", review);
    assertFalse(r.path("allowed").asBoolean());
    ObjectNode keys = Reviews.vmimCreate("h-3", "{\"vmiName\":\"vmi\"}", "alice");
    ObjectNode selector =
        ((ObjectNode) keys.at("/request/object/spec")).putObject("addedNodeSelector");
    for (int i = 0; i < 40; i++) {
      selector.put(i + "k".repeat(60_000), "v"); // keys just under the parser's 64 KiB
    }
    JsonNode k = post("/validate", keys);
    assertFalse(k.path("allowed").asBoolean());
  }

  @Test
  void warningsStayWithinFourKibibytes() throws Exception {
    ObjectNode review = Reviews.vmimCreate("h-4", "{\"vmiName\":\"vmi\"}", "alice");
    ObjectNode spec = (ObjectNode) review.at("/request/object/spec");
    for (int i = 0; i < 200_000; i++) {
      spec.put("u" + i, 1);
    }
    ((ObjectNode) review.get("request")).putObject("options").put("fieldValidation", "Warn");
    JsonNode r = post("/validate", review);
    assertTrue(r.path("allowed").asBoolean(), "unknown fields under Warn are warnings: " + r);
    JsonNode warnings = r.path("warnings");
    int bytes = 0;
    for (JsonNode w : warnings) {
      assertTrue(w.asText().length() <= AdmissionResponses.MAX_WARNING_CHARS, w.asText());
      bytes += w.asText().getBytes(StandardCharsets.UTF_8).length;
    }
    assertTrue(bytes <= AdmissionResponses.MAX_WARNING_BYTES, bytes + " bytes of warnings");
    String last = warnings.get(warnings.size() - 1).asText();
    assertTrue(last.endsWith(" more warnings"), last);
  }

  @Test
  void aPatchOfTensOfThousandsOfDuplicatesIsBounded() throws Exception {
    ObjectNode review = Reviews.vmimCreate("h-5", "{\"vmiName\":\"vmi\"}", "alice");
    ArrayNode finalizers =
        ((ObjectNode) review.at("/request/object/metadata")).putArray("finalizers");
    for (int i = 0; i < 80_000; i++) {
      finalizers.add("kubevirt.io/migrationJobFinalize");
    }
    JsonNode r = post("/mutate", review);
    assertTrue(r.path("allowed").asBoolean());
    assertEquals("JSONPatch", r.path("patchType").asText());
  }
}
