package io.migrationguard.core.model;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What both doors hand the engine: one object to judge. The webhook builds it from an
 * AdmissionRequest, the lint from a manifest (and {@code --against} for the old object).
 *
 * @param kind the kind of the object
 * @param operation CREATE or UPDATE (others are allowed without review)
 * @param object the object as sent (never null)
 * @param oldObject the stored object on UPDATE, else null
 * @param namespace the request namespace (AdmissionRequest.namespace, or metadata.namespace), may
 *     be null or empty for cluster-scoped objects
 * @param requester the user name of the requester, or null when unknown (lint without {@code --as})
 * @param fieldValidation how unknown fields and duplicate keys are treated
 */
public record Review(
    Kind kind,
    Operation operation,
    JsonNode object,
    JsonNode oldObject,
    String namespace,
    String requester,
    FieldValidation fieldValidation) {

  /** The object's {@code metadata.name}, or empty. */
  public String name() {
    return object.path("metadata").path("name").asText("");
  }

  /** The namespace of the review, falling back to the object's own {@code metadata.namespace}. */
  public String effectiveNamespace() {
    if (namespace != null && !namespace.isEmpty()) {
      return namespace;
    }
    return object.path("metadata").path("namespace").asText("");
  }
}
