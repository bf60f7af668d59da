package io.migrationguard.core.apiserver;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.schema.Shape;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The two structural prunings of apiextensions, walked along a {@link Shape}: nulls of fields that
 * are not nullable, and fields the schema does not declare. Each walk first only looks (a clean
 * object, the common case, is neither copied nor changed), then works on a copy.
 */
final class Pruning {
  private Pruning() {}

  /** A null to drop: where it is as a JSON Pointer and as a field path. */
  record Null(String pointer, FieldPath path) {}

  /** Every null of a non-nullable object property or map value (array elements are kept). */
  static List<Null> nonNullableNulls(JsonNode object, Shape shape) {
    if (!hasNonNullableNull(object, shape)) {
      return List.of(); // the common case, found without building a path
    }
    List<Null> out = new ArrayList<>(1);
    nulls(object, shape, "", FieldPath.root(), out);
    return out;
  }

  private static boolean hasNonNullableNull(JsonNode node, Shape shape) {
    if (shape == Shape.FREE_FORM) {
      return false;
    }
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        JsonNode v = e.getValue();
        if (v.isNull() || v.isContainerNode()) {
          Shape child = shape.field(e.getKey());
          if (child != null && (v.isNull() ? !child.nullable() : hasNonNullableNull(v, child))) {
            return true;
          }
        }
      }
    } else if (node.isArray()) {
      Shape elements = shape.elements();
      for (JsonNode v : node) {
        if (v.isContainerNode() && hasNonNullableNull(v, elements)) {
          return true;
        }
      }
    }
    return false;
  }

  private static void nulls(
      JsonNode node, Shape shape, String ptr, FieldPath path, List<Null> out) {
    if (shape == Shape.FREE_FORM) {
      return;
    }
    if (node.isObject()) {
      boolean map = shape.isMap();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        Shape child = shape.field(e.getKey());
        if (child == null) {
          continue; // unknown: reported and pruned as such
        }
        String childPtr = ptr + "/" + escape(e.getKey());
        FieldPath childPath = map ? path.key(e.getKey()) : path.child(e.getKey());
        JsonNode v = e.getValue();
        if (v.isNull()) {
          if (!child.nullable()) {
            out.add(new Null(childPtr, childPath));
          }
        } else if (v.isContainerNode()) {
          nulls(v, child, childPtr, childPath, out);
        }
      }
    } else if (node.isArray()) {
      Shape elements = shape.elements();
      for (int i = 0; i < node.size(); i++) {
        JsonNode v = node.get(i);
        if (v.isContainerNode()) {
          nulls(v, elements, ptr + "/" + i, path.index(i), out);
        }
      }
    }
  }

  /**
   * Whether neither pruning would change {@code node}: no null of a non-nullable field, no unknown
   * field. One walk with no allocation and no value checks (patterns, dates): cheaper than the
   * schema for an object that is not itself being judged (the stored object of an update).
   */
  static boolean untouched(JsonNode node, Shape shape) {
    if (shape == Shape.FREE_FORM || !node.isContainerNode()) {
      return true;
    }
    if (node.isArray()) {
      Shape elements = shape.elements();
      for (JsonNode v : node) {
        if (!untouched(v, elements)) {
          return false;
        }
      }
      return true;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      Shape child = shape.field(e.getKey());
      JsonNode v = e.getValue();
      if (!fieldUntouched(v, child)) {
        return false;
      }
    }
    return true;
  }

  /** A field's value under its shape ({@code null} when unknown) needs no pruning. */
  static boolean fieldUntouched(JsonNode value, Shape shape) {
    return shape != null && (value.isNull() ? shape.nullable() : untouched(value, shape));
  }

  /** {@code object} without the fields its shape does not declare (itself when it has none). */
  static JsonNode withoutUnknown(JsonNode object, Shape shape) {
    if (!hasUnknown(object, shape)) {
      return object;
    }
    JsonNode copy = object.deepCopy();
    removeUnknown(copy, shape);
    return copy;
  }

  private static boolean hasUnknown(JsonNode node, Shape shape) {
    if (shape == Shape.FREE_FORM || !node.isContainerNode()) {
      return false;
    }
    if (node.isArray()) {
      Shape elements = shape.elements();
      for (JsonNode v : node) {
        if (hasUnknown(v, elements)) {
          return true;
        }
      }
      return false;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      Shape child = shape.field(e.getKey());
      if (child == null || hasUnknown(e.getValue(), child)) {
        return true;
      }
    }
    return false;
  }

  private static void removeUnknown(JsonNode node, Shape shape) {
    if (shape == Shape.FREE_FORM) {
      return;
    }
    if (node instanceof ArrayNode array) {
      Shape elements = shape.elements();
      array.forEach(v -> removeUnknown(v, elements));
    } else if (node instanceof ObjectNode object) {
      for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        Shape child = shape.field(e.getKey());
        if (child == null) {
          it.remove();
        } else {
          removeUnknown(e.getValue(), child);
        }
      }
    }
  }

  /** Removes the node at {@code pointer} from its parent object. */
  static void remove(JsonNode root, String pointer) {
    JsonPointer p = JsonPointer.compile(pointer);
    JsonNode parent = root.at(p.head());
    if (parent instanceof ObjectNode o) {
      o.remove(p.last().getMatchingProperty());
    }
  }

  private static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }
}
