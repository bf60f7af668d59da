package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.PatchOp;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Minimal RFC 6902 JSON Patch from one tree to another, so that defaulters can edit a copy and the
 * engine still answers with the smallest patch (controller-runtime's defaulting-by-diff). Objects
 * are diffed key by key: {@code remove} for dropped keys, {@code add} for new keys (a new subtree
 * is one {@code add}), recursion into kept keys. Arrays keep their common prefix and suffix and
 * diff the middle element by element, then remove or add the rest. A value of another type is one
 * {@code replace}. Paths are RFC 6901 pointers ({@code ~} as {@code ~0}, {@code /} as {@code ~1}).
 */
public final class JsonDiff {
  /** Past this many changed elements, an array is replaced whole when that is smaller. */
  static final int MAX_ELEMENT_OPS = 32;

  private JsonDiff() {}

  /** The operations that turn {@code from} into {@code to}; empty when they are equal. */
  public static List<PatchOp> diff(JsonNode from, JsonNode to) {
    List<PatchOp> ops = new ArrayList<>();
    diff("", from, to, ops);
    return ops;
  }

  /** The RFC 6901 escaping of one reference token. */
  public static String escape(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }

  private static void diff(String path, JsonNode from, JsonNode to, List<PatchOp> ops) {
    if (from.equals(to)) {
      return;
    }
    if (from.isObject() && to.isObject()) {
      diffObjects(path, from, to, ops);
    } else if (from.isArray() && to.isArray()) {
      diffArrays(path, from, to, ops);
    } else {
      ops.add(PatchOp.replace(path, to.deepCopy()));
    }
  }

  private static void diffObjects(String path, JsonNode from, JsonNode to, List<PatchOp> ops) {
    for (Iterator<String> it = from.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      String child = path + "/" + escape(key);
      if (!to.has(key)) {
        ops.add(PatchOp.remove(child));
      } else {
        diff(child, from.get(key), to.get(key), ops);
      }
    }
    for (Iterator<String> it = to.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!from.has(key)) {
        ops.add(PatchOp.add(path + "/" + escape(key), to.get(key).deepCopy()));
      }
    }
  }

  private static void diffArrays(String path, JsonNode from, JsonNode to, List<PatchOp> ops) {
    int n = from.size();
    int m = to.size();
    int prefix = 0;
    while (prefix < n && prefix < m && from.get(prefix).equals(to.get(prefix))) {
      prefix++;
    }
    int suffix = 0;
    while (suffix < n - prefix
        && suffix < m - prefix
        && from.get(n - 1 - suffix).equals(to.get(m - 1 - suffix))) {
      suffix++;
    }
    int fromMiddle = n - prefix - suffix;
    int toMiddle = m - prefix - suffix;
    if (fromMiddle + toMiddle > MAX_ELEMENT_OPS && m < fromMiddle + toMiddle) {
      // One replace is smaller than an operation per element (a list of 90,000 duplicates).
      ops.add(PatchOp.replace(path, to.deepCopy()));
      return;
    }
    int common = Math.min(fromMiddle, toMiddle);
    for (int i = 0; i < common; i++) {
      diff(path + "/" + (prefix + i), from.get(prefix + i), to.get(prefix + i), ops);
    }
    // Remove from the highest index down so that earlier indices stay valid.
    for (int i = prefix + fromMiddle - 1; i >= prefix + common; i--) {
      ops.add(PatchOp.remove(path + "/" + i));
    }
    // Insert in ascending order: each insert lands before the kept suffix.
    for (int i = prefix + common; i < prefix + toMiddle; i++) {
      ops.add(PatchOp.add(path + "/" + i, to.get(i).deepCopy()));
    }
  }
}
