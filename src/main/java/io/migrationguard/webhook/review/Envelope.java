package io.migrationguard.webhook.review;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.GoQuote;

/**
 * Checks that a parsed JSON tree is an {@code admission.k8s.io/v1} AdmissionReview with a request
 * that can be answered (a uid to echo, a kind to dispatch on) and lifts the fields we read.
 * Anything less is a bad request (HTTP 400): there is no uid to answer in a review.
 */
final class Envelope {
  private Envelope() {}

  static Parsed read(JsonNode root) {
    if (!root.isObject()) {
      return AdmissionReviews.bad(
          "the body is a JSON " + type(root) + "; expected an AdmissionReview object");
    }
    String apiVersion = string(root, "apiVersion");
    String kind = string(root, "kind");
    if (!AdmissionReviews.API_VERSION.equals(apiVersion) || !"AdmissionReview".equals(kind)) {
      return AdmissionReviews.bad(
          "expected apiVersion \""
              + AdmissionReviews.API_VERSION
              + "\" and kind \"AdmissionReview\", got apiVersion "
              + quote(apiVersion)
              + " and kind "
              + quote(kind));
    }
    JsonNode req = root.get("request");
    if (req == null || !req.isObject()) {
      return AdmissionReviews.bad("request: Required value: the AdmissionReview has no request");
    }
    String uid = string(req, "uid");
    if (uid == null || uid.isEmpty()) {
      return AdmissionReviews.bad("request.uid: Required value");
    }
    JsonNode gvk = req.get("kind");
    if (gvk == null || !gvk.isObject()) {
      return AdmissionReviews.bad("request.kind: Required value");
    }
    String version = string(gvk, "version");
    String kindName = string(gvk, "kind");
    if (version == null || version.isEmpty() || kindName == null || kindName.isEmpty()) {
      return AdmissionReviews.bad("request.kind: version and kind are required");
    }
    String group = string(gvk, "group");
    return new Parsed.Review(
        new AdmissionRequest(
            apiVersion,
            uid,
            group == null ? "" : group,
            version,
            kindName,
            string(req, "operation"),
            orEmpty(string(req, "name")),
            orEmpty(string(req, "namespace")),
            object(req.get("object")),
            object(req.get("oldObject")),
            orEmpty(string(req.path("userInfo"), "username")),
            string(req.path("options"), "fieldValidation"),
            req.path("dryRun").isBoolean() && req.path("dryRun").booleanValue()));
  }

  /** The node, or null for absent and JSON null: both mean "no object" in an AdmissionRequest. */
  private static JsonNode object(JsonNode n) {
    return n == null || n.isNull() ? null : n;
  }

  private static String string(JsonNode parent, String field) {
    JsonNode n = parent.get(field);
    return n != null && n.isTextual() ? n.textValue() : null;
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  private static String quote(String s) {
    if (s == null) {
      return "(none)";
    }
    // Only a prefix: a hostile 3 MiB apiVersion must not come back in full.
    return s.length() > 100 ? GoQuote.quote(s.substring(0, 100)) + "..." : GoQuote.quote(s);
  }

  /** A value for a message: Go-quoted and shortened if a string, its JSON type otherwise. */
  static String shown(JsonNode n) {
    if (n == null) {
      return "(none)";
    }
    return n.isTextual() ? quote(n.textValue()) : "(a JSON " + type(n) + ")";
  }

  static String type(JsonNode n) {
    return switch (n.getNodeType()) {
      case ARRAY -> "array";
      case BOOLEAN -> "boolean";
      case NUMBER -> "number";
      case STRING -> "string";
      case NULL -> "null";
      default -> "object";
    };
  }
}
