package io.migrationguard.webhook.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Applies an RFC 6902 patch of add/replace/remove/test ops, strictly, to a copy of a document. */
public final class JsonPatch {
  private JsonPatch() {}

  public static JsonNode apply(JsonNode document, JsonNode patch) {
    JsonNode doc = document.deepCopy();
    for (JsonNode op : patch) {
      String path = op.get("path").asText();
      int cut = path.lastIndexOf('/');
      JsonNode parent = doc.at(path.substring(0, cut));
      String last = path.substring(cut + 1).replace("~1", "/").replace("~0", "~");
      switch (op.get("op").asText()) {
        case "add" -> add(parent, last, op.get("value"));
        case "replace" -> {
          remove(parent, last);
          add(parent, last, op.get("value"));
        }
        case "remove" -> remove(parent, last);
        case "test" -> {
          if (!doc.at(path).equals(op.get("value"))) {
            throw new IllegalStateException("test failed at " + path);
          }
        }
        default -> throw new IllegalArgumentException("unsupported op " + op);
      }
    }
    return doc;
  }

  private static void add(JsonNode parent, String key, JsonNode value) {
    if (parent instanceof ObjectNode o) {
      o.set(key, value);
    } else if (parent instanceof ArrayNode a) {
      if (key.equals("-")) {
        a.add(value);
      } else {
        a.insert(index(a, key, true), value);
      }
    } else {
      throw new IllegalStateException("no parent for " + key);
    }
  }

  private static void remove(JsonNode parent, String key) {
    if (parent instanceof ObjectNode o && o.has(key)) {
      o.remove(key);
    } else if (parent instanceof ArrayNode a) {
      a.remove(index(a, key, false));
    } else {
      throw new IllegalStateException("nothing to remove at " + key);
    }
  }

  private static int index(ArrayNode a, String key, boolean forAdd) {
    int i = Integer.parseInt(key);
    if (i < 0 || i > a.size() || (!forAdd && i == a.size())) {
      throw new IllegalStateException("index out of range: " + key);
    }
    return i;
  }
}
