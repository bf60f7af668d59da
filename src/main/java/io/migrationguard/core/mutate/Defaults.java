package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Tree editing helpers for defaulters, tolerant of ill-typed objects. */
final class Defaults {
  private Defaults() {}

  /**
   * The object at {@code names} below {@code root}, created where absent or null; null when any
   * step exists but is not an object (an ill-typed object is left alone).
   */
  static ObjectNode objectAt(ObjectNode root, String... names) {
    ObjectNode node = root;
    for (String name : names) {
      JsonNode child = node.get(name);
      if (child == null || child.isNull()) {
        child = node.putObject(name);
      }
      if (!child.isObject()) {
        return null;
      }
      node = (ObjectNode) child;
    }
    return node;
  }

  /**
   * Adds every leaf of {@code defaults} that {@code target} lacks (absent or null), descending into
   * objects present on both sides. Never replaces a value that is set, of whatever type.
   */
  static void deepAdd(ObjectNode target, JsonNode defaults) {
    if (defaults == null || !defaults.isObject()) {
      return;
    }
    defaults
        .fields()
        .forEachRemaining(
            e -> {
              JsonNode existing = target.get(e.getKey());
              if (existing == null || existing.isNull()) {
                target.set(e.getKey(), e.getValue().deepCopy());
              } else if (existing.isObject() && e.getValue().isObject()) {
                deepAdd((ObjectNode) existing, e.getValue());
              }
            });
  }
}
