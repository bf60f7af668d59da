package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.StoredProjection;
import io.migrationguard.core.model.Kind;

/**
 * What an {@link InflightRegistry} entry keeps of an admitted object, and what that costs: the few
 * fields the cluster rules compare, so that a forged 3 MiB review leaves a few hundred bytes.
 */
final class InflightEntry {
  private InflightEntry() {}

  /** What the cluster rules compare of an admitted object ({@link StoredProjection}). */
  static JsonNode slim(Kind kind, JsonNode object) {
    return StoredProjection.of(kind, object);
  }

  /** The text an entry holds, as bytes: keys and string values, 2 bytes a character, plus nodes. */
  static long bytes(JsonNode node) {
    long n = 16;
    if (node.isTextual()) {
      return n + 2L * node.textValue().length();
    }
    if (node.isObject()) {
      for (var e : node.properties()) {
        n += 2L * e.getKey().length() + bytes(e.getValue());
      }
    } else if (node.isArray()) {
      for (JsonNode element : node) {
        n += bytes(element);
      }
    }
    return n;
  }
}
