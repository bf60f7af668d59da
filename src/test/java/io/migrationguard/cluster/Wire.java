package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Review;
import io.migrationguard.webhook.support.Https;
import java.net.URL;
import java.security.cert.X509Certificate;
import java.util.concurrent.atomic.AtomicLong;

/** Sends a {@link Review} to {@code /validate} as the API server would, and reads the answer. */
final class Wire {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final AtomicLong UIDS = new AtomicLong();

  private final URL base;
  private final X509Certificate ca;

  Wire(URL base, X509Certificate ca) {
    this.base = base;
    this.ca = ca;
  }

  /** The {@code response} of the AdmissionReview answered for {@code review}. */
  JsonNode validate(Review review, boolean dryRun) {
    String uid = "u-" + UIDS.incrementAndGet();
    String body =
        Https.given(base, ca)
            .contentType("application/json")
            .body(admissionReview(uid, review, dryRun).toString())
            .post("/validate")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    try {
      JsonNode response = JSON.readTree(body).path("response");
      if (!uid.equals(response.path("uid").asText())) {
        throw new AssertionError("answer for another uid: " + body);
      }
      return response;
    } catch (java.io.IOException e) {
      throw new AssertionError("not JSON: " + body, e);
    }
  }

  JsonNode validate(Review review) {
    return validate(review, false);
  }

  static ObjectNode admissionReview(String uid, Review review, boolean dryRun) {
    ObjectNode root = JSON.createObjectNode();
    root.put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
    ObjectNode req = root.putObject("request");
    req.put("uid", uid);
    req.putObject("kind")
        .put("group", review.kind().group())
        .put("version", review.kind().version())
        .put("kind", review.kind().kindName());
    req.put("operation", review.operation().name());
    req.put("name", review.name());
    if (review.namespace() != null) {
      req.put("namespace", review.namespace());
    }
    req.putObject("userInfo").put("username", review.requester());
    req.set("object", review.object());
    if (review.oldObject() != null) {
      req.set("oldObject", review.oldObject());
    }
    req.put("dryRun", dryRun);
    return root;
  }
}
