package io.migrationguard.judge;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.Kind;

/** How objects are matched across the input set and {@code --against}: kind, namespace, name. */
public record ObjectKey(Kind kind, String namespace, String name) {
  public static ObjectKey of(Kind kind, JsonNode object) {
    JsonNode meta = object.path("metadata");
    return new ObjectKey(kind, meta.path("namespace").asText(""), meta.path("name").asText(""));
  }
}
