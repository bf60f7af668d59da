package io.migrationguard.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Applies an RFC 6902 JSON Patch (add, replace, remove) the way the API server applies a mutating
 * webhook's patch, so the test can look at the object that would be stored.
 */
final class JsonPatchApply {
  private JsonPatchApply() {}

  static JsonNode apply(JsonNode document, JsonNode patch) {
    JsonNode doc = document.deepCopy();
    for (JsonNode op : patch) {
      String path = op.path("path").asText();
      int slash = path.lastIndexOf('/');
      JsonNode parent = doc.at(path.substring(0, slash));
      String last = path.substring(slash + 1).replace("~1", "/").replace("~0", "~");
      switch (op.path("op").asText()) {
        case "add" -> add(parent, last, op.get("value"), path);
        case "replace" -> {
          remove(parent, last, path);
          add(parent, last, op.get("value"), path);
        }
        case "remove" -> remove(parent, last, path);
        default -> throw new AssertionError("unsupported patch op " + op);
      }
    }
    return doc;
  }

  private static void add(JsonNode parent, String key, JsonNode value, String path) {
    if (parent instanceof ObjectNode o) {
      o.set(key, value);
    } else if (parent instanceof ArrayNode a) {
      if (key.equals("-")) {
        a.add(value);
      } else {
        a.insert(Integer.parseInt(key), value);
      }
    } else {
      throw new AssertionError("patch path has no parent: " + path);
    }
  }

  private static void remove(JsonNode parent, String key, String path) {
    if (parent instanceof ObjectNode o && o.has(key)) {
      o.remove(key);
    } else if (parent instanceof ArrayNode a && Integer.parseInt(key) < a.size()) {
      a.remove(Integer.parseInt(key));
    } else {
      throw new AssertionError("patch removes what is not there: " + path);
    }
  }
}
