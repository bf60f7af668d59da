package io.migrationguard.webhook;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.Reviews;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input is answered clearly, as JSON, and never with a 500, a stack trace or a class name:
 * non-reviews get HTTP 400, oversized bodies 413, unknown paths 404, wrong methods 405; hostile but
 * well-formed reviews get an answer inside the review.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class BadInputTest {
  private static final int MIB = 1024 * 1024;

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  private RequestSpecification https() {
    return Https.given(base, tls.caCertificate()).contentType("application/json");
  }

  private static ValidatableResponse isStatus(ValidatableResponse r, int code, String reason) {
    return r.statusCode(code)
        .contentType("application/json")
        .body("kind", equalTo("Status"))
        .body("apiVersion", equalTo("v1"))
        .body("status", equalTo("Failure"))
        .body("code", equalTo(code))
        .body("reason", equalTo(reason))
        .body(not(containsString("java.")))
        .body(not(containsString("Exception")))
        .body(not(containsString("jackson")));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "not json",
        "[]",
        "\"review\"",
        "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\"} trailing",
        "{\"apiVersion\":\"admission.k8s.io/v1beta1\",\"kind\":\"AdmissionReview\",\"request\":{}}",
        "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"ConversionReview\",\"request\":{}}",
        "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\"}",
        "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":[]}",
        "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{\"kind\":{\"version\":\"v1\",\"kind\":\"Pod\"}}}",
        "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{\"uid\":\"u\"}}",
        "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{\"uid\":7,\"kind\":{\"version\":\"v1\",\"kind\":\"Pod\"}}}"
      })
  void notAnAdmissionReviewIsA400(String body) {
    for (String endpoint : new String[] {"/validate", "/mutate"}) {
      isStatus(https().body(body).post(endpoint).then(), 400, "BadRequest")
          .body("message", not(equalTo("")));
    }
  }

  @Test
  void bodyOverThreeMebibytesIsA413() {
    byte[] body = new byte[3 * MIB + 1];
    java.util.Arrays.fill(body, (byte) ' ');
    isStatus(https().body(body).post("/validate").then(), 413, "RequestEntityTooLarge");
  }

  @Test
  void bodyOfExactlyThreeMebibytesIsRead() {
    byte[] review =
        Reviews.vmimCreate("u-3mib", "{\"vmiName\":\"vmi\"}", "alice")
            .toString()
            .getBytes(StandardCharsets.UTF_8);
    byte[] body = new byte[3 * MIB];
    java.util.Arrays.fill(body, (byte) ' ');
    System.arraycopy(review, 0, body, 0, review.length);
    https()
        .body(body)
        .post("/validate")
        .then()
        .statusCode(200)
        .body("response.uid", equalTo("u-3mib"));
  }

  @Test
  void tenThousandLevelsOfNestingIsA400() {
    String deep = "[".repeat(10_000) + "]".repeat(10_000);
    String body =
        Reviews.vmimCreate("u-deep", "{\"vmiName\":\"vmi\"}", "alice")
            .toString()
            .replace("\"vmiName\":\"vmi\"", "\"vmiName\":\"vmi\",\"x\":" + deep);
    isStatus(https().body(body).post("/validate").then(), 400, "BadRequest")
        .body("message", containsString("nested deeper than 200 levels"))
        .time(lessThan(10_000L));
  }

  @Test
  void hugeStringIsAFindingNotAFailure() {
    ObjectNode review = Reviews.vmimCreate("u-huge", "{}", "alice");
    ((ObjectNode) review.at("/request/object/spec")).put("vmiName", "a".repeat(3 * MIB - 1024));
    String body =
        https()
            .body(review.toString())
            .post("/validate")
            .then()
            .statusCode(200)
            .body("response.uid", equalTo("u-huge"))
            .body("response.allowed", equalTo(false))
            .extract()
            .asString();
    assertEquals(true, body.length() < 8 * MIB, "the answer stays bounded");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1e999999999",
        "99999999999999999999999999999999999999999Ei",
        "-0.0000000000000000000001m",
        "1e1.5"
      })
  void hostileQuantityIsAnswered(String quantity) {
    ObjectNode review =
        Reviews.policyCreate("u-q", "{\"selectors\":{\"namespaceSelector\":{\"a\":\"b\"}}}");
    ((ObjectNode) review.at("/request/object/spec")).put("bandwidthPerMigration", quantity);
    https()
        .body(review.toString())
        .post("/validate")
        .then()
        .statusCode(200)
        .body("response.uid", equalTo("u-q"))
        .time(lessThan(10_000L));
  }

  @Test
  void unknownPathIsA404() {
    isStatus(https().body("{}").post("/nothing-here").then(), 404, "NotFound");
    isStatus(https().get("/").then(), 404, "NotFound");
  }

  @Test
  void wrongMethodIsA405() {
    isStatus(https().get("/validate").then(), 405, "MethodNotAllowed");
    isStatus(https().put("/mutate").then(), 405, "MethodNotAllowed");
  }
}
