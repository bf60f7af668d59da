package io.migrationguard.webhook.review;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.GoQuote;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import java.util.Optional;

/**
 * Decides what an AdmissionRequest is for us: a {@link Review} of one of our kinds, something to
 * let through untouched (another kind, DELETE, CONNECT), or a request whose object cannot be read
 * as its kind (refused with code 400).
 */
public sealed interface Dispatch {
  /** One of our kinds, CREATE or UPDATE: hand it to the engine. */
  record Ours(Kind kind, Review review, String name) implements Dispatch {}

  /** Not ours to judge: allowed, no patch. */
  record Skip() implements Dispatch {}

  /** Our kind, but the object does not decode as it. */
  record Undecodable(String message) implements Dispatch {}

  /** Classifies {@code r}; never throws. */
  static Dispatch of(AdmissionRequest r) {
    Optional<Kind> found = Kind.of(r.group(), r.version(), r.kind());
    if (found.isEmpty()) {
      return new Skip();
    }
    Kind kind = found.get();
    Optional<Operation> op = Operation.parse(r.operation());
    if (op.isEmpty()) {
      return new Undecodable(
          "request.operation: Unsupported value: "
              + (r.operation() == null ? "null" : GoQuote.quote(r.operation()))
              + ": supported values: \"CONNECT\", \"CREATE\", \"DELETE\", \"UPDATE\"");
    }
    if (op.get() == Operation.DELETE || op.get() == Operation.CONNECT) {
      return new Skip();
    }
    String problem = problem("request.object", kind, r, r.object());
    if (problem == null && op.get() == Operation.UPDATE) {
      problem = problem("request.oldObject", kind, r, r.oldObject());
    }
    if (problem != null) {
      return new Undecodable(problem);
    }
    JsonNode old = op.get() == Operation.UPDATE ? r.oldObject() : null;
    Review review =
        new Review(
            kind,
            op.get(),
            r.object(),
            old,
            r.namespace(),
            r.username(),
            FieldValidation.parse(r.fieldValidation()));
    return new Ours(kind, review, displayName(r));
  }

  /**
   * The name a denial message shows: the object's name, else the request's, else the {@code
   * generateName} prefix (the API server has not generated the name yet), else empty.
   */
  static String displayName(AdmissionRequest r) {
    JsonNode meta = r.object() == null ? null : r.object().path("metadata");
    String name = meta == null ? "" : meta.path("name").asText("");
    if (name.isEmpty()) {
      name = r.name();
    }
    if (name.isEmpty() && meta != null) {
      name = meta.path("generateName").asText("");
    }
    return name;
  }

  private static String problem(String where, Kind kind, AdmissionRequest r, JsonNode obj) {
    if (obj == null || !obj.isObject()) {
      String got = obj == null ? "nothing" : "a JSON " + Envelope.type(obj);
      return where + ": expected a " + kind.kindName() + " object, got " + got;
    }
    JsonNode apiVersion = obj.get("apiVersion");
    JsonNode kindName = obj.get("kind");
    // Any served version (a request for kubevirt.io/v1alpha3 carries a v1alpha3 object).
    boolean versionOk = apiVersion == null || kind.servesApiVersion(apiVersion.asText(null));
    boolean kindOk = kindName == null || kind.kindName().equals(kindName.asText(null));
    if (versionOk && kindOk && textOrAbsent(apiVersion) && textOrAbsent(kindName)) {
      return null;
    }
    return where
        + ": apiVersion "
        + Envelope.shown(apiVersion)
        + " and kind "
        + Envelope.shown(kindName)
        + " do not match request.kind "
        + r.gvk();
  }

  private static boolean textOrAbsent(JsonNode n) {
    return n == null || n.isTextual();
  }
}
