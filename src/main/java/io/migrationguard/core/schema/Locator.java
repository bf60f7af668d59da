package io.migrationguard.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.path.NodePath;
import io.migrationguard.core.model.FieldPath;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Turns networknt's instance location into a Kubernetes {@link FieldPath} plus the position of each
 * step in the document, for ordering. One per validated object (it caches field positions).
 *
 * <p>An instance location alone cannot tell a struct field from a map key ({@code
 * metadata.labels[app]} versus {@code metadata.labels.app}); the evaluation path can: the step
 * after {@code properties} is a field, a step under {@code additionalProperties} is a map key, a
 * step under {@code items} a list index.
 */
final class Locator {
  /** A path and, per step, its position among its siblings (absent steps sort last). */
  record Located(FieldPath path, int[] order) {}

  private final JsonNode root;
  private final Map<JsonNode, Map<String, Integer>> positions = new IdentityHashMap<>();

  Locator(JsonNode root) {
    this.root = root;
  }

  /**
   * Locates an error at {@code instance} reached through schema keywords {@code evaluation}, plus
   * an optional {@code property} below it (the missing or unknown field of {@code required} and
   * {@code additionalProperties}).
   */
  Located locate(NodePath instance, NodePath evaluation, String property) {
    Walk walk = new Walk();
    int next = 0;
    // The last evaluation step is the failing keyword itself, not a descent.
    for (int e = 0; e < evaluation.getNameCount() - 1 && next < instance.getNameCount(); e++) {
      String keyword = evaluation.getName(e);
      if (keyword.equals("properties")) {
        e++; // the property name follows
        walk.field(instance.getName(next++));
      } else if (keyword.equals("additionalProperties")) {
        walk.key(instance.getName(next++));
      } else if (keyword.equals("items") && instance.getElement(next) instanceof Integer i) {
        walk.index(i);
        next++;
      }
    }
    if (next != instance.getNameCount()) {
      return plain(instance, property);
    }
    if (property != null) {
      walk.field(property);
    }
    return walk.result();
  }

  /** Fallback when the evaluation path is not understood: names are fields, numbers indices. */
  private Located plain(NodePath instance, String property) {
    Walk walk = new Walk();
    for (int i = 0; i < instance.getNameCount(); i++) {
      if (instance.getElement(i) instanceof Integer index) {
        walk.index(index);
      } else {
        walk.field(instance.getName(i));
      }
    }
    if (property != null) {
      walk.field(property);
    }
    return walk.result();
  }

  private int positionOf(JsonNode parent, String name) {
    if (parent == null || !parent.isObject()) {
      return Integer.MAX_VALUE;
    }
    Map<String, Integer> byName =
        positions.computeIfAbsent(
            parent,
            p -> {
              Map<String, Integer> m = new HashMap<>();
              int i = 0;
              for (var it = p.fieldNames(); it.hasNext(); ) {
                m.put(it.next(), i++);
              }
              return m;
            });
    return byName.getOrDefault(name, parent.size());
  }

  /** Accumulates a path while following the document, so positions are known. */
  private final class Walk {
    private FieldPath path = FieldPath.root();
    private JsonNode node = root;
    private int[] order = new int[8];
    private int depth;

    void field(String name) {
      path = path.child(name);
      step(positionOf(node, name), node == null ? null : node.get(name));
    }

    void key(String key) {
      path = path.key(key);
      step(positionOf(node, key), node == null ? null : node.get(key));
    }

    void index(int index) {
      path = path.index(index);
      step(index, node == null ? null : node.get(index));
    }

    private void step(int position, JsonNode child) {
      if (depth == order.length) {
        order = Arrays.copyOf(order, depth * 2);
      }
      order[depth++] = position;
      node = child;
    }

    Located result() {
      return new Located(path, Arrays.copyOf(order, depth));
    }
  }
}
