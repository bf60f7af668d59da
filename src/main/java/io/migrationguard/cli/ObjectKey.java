package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.Kind;

/** How objects are matched across the input set and {@code --against}: kind, namespace, name. */
record ObjectKey(Kind kind, String namespace, String name) {
  static ObjectKey of(Kind kind, JsonNode object) {
    JsonNode meta = object.path("metadata");
    return new ObjectKey(kind, meta.path("namespace").asText(""), meta.path("name").asText(""));
  }
}
