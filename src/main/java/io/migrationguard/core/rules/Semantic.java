package io.migrationguard.core.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.quantity.Quantity;
import io.migrationguard.core.quantity.QuantityParse;
import io.migrationguard.core.schema.Shape;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Semantic equality of JSON trees, as Kubernetes' {@code equality.Semantic.DeepEqual} sees the
 * decoded objects: absent, null and empty containers ({@code {}}, {@code []}) are equal; numbers
 * compare by value ({@code 1} equals {@code 1.0}); a field the {@link Shape} calls a Quantity
 * compares by value ({@code "0.5"} equals {@code "500m"}, as {@code resource.Quantity}'s semantic
 * equality does); other strings compare exactly, and an absent string is not equal to {@code ""}.
 * Every comparison of two objects goes through this class, and immutability checks through {@link
 * #immutable} only, so every rule reports changes the same way.
 */
public final class Semantic {
  /** The detail of every immutability finding, in apimachinery's words. */
  public static final String IMMUTABLE = "field is immutable";

  private Semantic() {}

  /** Whether {@code a} and {@code b} are semantically equal, knowing nothing of their schema. */
  public static boolean equal(JsonNode a, JsonNode b) {
    return equal(a, b, Shape.FREE_FORM);
  }

  /** Whether {@code a} and {@code b}, two values of a field of {@code shape}, are equal. */
  public static boolean equal(JsonNode a, JsonNode b, Shape shape) {
    if (isEmpty(a) && isEmpty(b)) {
      return true;
    }
    if (objectOrAbsent(a) && objectOrAbsent(b)) {
      // Field by field without building the union of the keys (an update compares whole specs).
      return fieldsEqual(a, b, shape) && extraFieldsEmpty(b, a);
    }
    if (arrayOrAbsent(a) && arrayOrAbsent(b)) {
      if (size(a) != size(b)) {
        return false;
      }
      Shape elements = shape.elements();
      for (int i = 0; i < size(a); i++) {
        if (!equal(a.get(i), b.get(i), elements)) {
          return false;
        }
      }
      return true;
    }
    if (shape.quantity() && isSet(a) && isSet(b)) {
      QuantityParse qa = Quantity.parse(a);
      QuantityParse qb = Quantity.parse(b);
      if (qa.ok() && qb.ok()) {
        return qa.quantity().compareTo(qb.quantity()) == 0;
      }
    }
    return scalarEqual(a, b);
  }

  /**
   * Reports every changed leaf between {@code oldNode} and {@code newNode}, two values of a field
   * of {@code shape}, as Invalid at its own path, with the new value and {@value #IMMUTABLE}.
   * Objects are descended field by field (as map entries {@code [key]} where the shape is a map),
   * arrays element by element; a subtree added or removed as a whole is reported at each of its
   * leaves.
   */
  public static void immutable(
      Findings out, FieldPath path, JsonNode oldNode, JsonNode newNode, Shape shape) {
    if (equal(oldNode, newNode, shape)) {
      return;
    }
    if (objectOrAbsent(oldNode) && objectOrAbsent(newNode)) {
      boolean map = shape.isMap();
      for (String key : keys(oldNode, newNode)) {
        FieldPath child = map ? path.key(key) : path.child(key);
        Shape childShape = shape.field(key);
        immutable(
            out,
            child,
            field(oldNode, key),
            field(newNode, key),
            childShape == null ? Shape.FREE_FORM : childShape);
      }
    } else if (arrayOrAbsent(oldNode) && arrayOrAbsent(newNode)) {
      int n = Math.max(size(oldNode), size(newNode));
      Shape elements = shape.elements();
      for (int i = 0; i < n; i++) {
        immutable(out, path.index(i), element(oldNode, i), element(newNode, i), elements);
      }
    } else {
      out.invalid(path, isSet(newNode) ? newNode : NullNode.getInstance(), IMMUTABLE);
    }
  }

  /** Every field of object {@code a} (or none, absent) equals the same field of {@code b}. */
  private static boolean fieldsEqual(JsonNode a, JsonNode b, Shape shape) {
    if (!isSet(a)) {
      return true;
    }
    for (Map.Entry<String, JsonNode> e : a.properties()) {
      Shape child = shape.field(e.getKey());
      if (!equal(e.getValue(), field(b, e.getKey()), child == null ? Shape.FREE_FORM : child)) {
        return false;
      }
    }
    return true;
  }

  /** Every field of {@code b} that {@code a} lacks is semantically empty. */
  private static boolean extraFieldsEmpty(JsonNode b, JsonNode a) {
    if (!isSet(b)) {
      return true;
    }
    for (Map.Entry<String, JsonNode> e : b.properties()) {
      if (field(a, e.getKey()) == null && !equal(null, e.getValue())) {
        return false;
      }
    }
    return true;
  }

  private static boolean scalarEqual(JsonNode a, JsonNode b) {
    boolean setA = isSet(a);
    boolean setB = isSet(b);
    if (!setA || !setB) {
      return setA == setB;
    }
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }

  private static boolean isSet(JsonNode n) {
    return n != null && !n.isMissingNode() && !n.isNull();
  }

  /** Absent, null, {} or []. */
  private static boolean isEmpty(JsonNode n) {
    return !isSet(n) || (n.isContainerNode() && n.isEmpty());
  }

  private static boolean objectOrAbsent(JsonNode n) {
    return !isSet(n) || n.isObject();
  }

  private static boolean arrayOrAbsent(JsonNode n) {
    return !isSet(n) || n.isArray();
  }

  private static JsonNode field(JsonNode object, String key) {
    return isSet(object) ? object.get(key) : null;
  }

  private static int size(JsonNode n) {
    return isSet(n) ? n.size() : 0;
  }

  private static JsonNode element(JsonNode array, int i) {
    return isSet(array) && i < array.size() ? array.get(i) : null;
  }

  private static Set<String> keys(JsonNode a, JsonNode b) {
    Set<String> keys = new LinkedHashSet<>();
    for (JsonNode n : new JsonNode[] {a, b}) {
      if (n != null && n.isObject()) {
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
          keys.add(it.next());
        }
      }
    }
    return keys;
  }
}
