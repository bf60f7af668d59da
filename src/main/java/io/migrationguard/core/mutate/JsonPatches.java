package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.zjsonpatch.CompatibilityFlags;
import io.fabric8.zjsonpatch.DiffFlags;
import io.fabric8.zjsonpatch.JsonDiff;
import io.fabric8.zjsonpatch.JsonPatch;
import io.fabric8.zjsonpatch.JsonPatchException;
import io.migrationguard.core.model.PatchOp;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * RFC 6902 JSON Patch on zjsonpatch: the diff that turns a defaulted copy into the webhook's patch
 * (controller-runtime's defaulting-by-diff), applying a patch, and its wire form.
 *
 * <p>zjsonpatch diffs an array pair with a full longest-common-subsequence table: time and memory
 * grow with the product of the two lengths, so one hostile 3 MiB object (390,000 finalizers, one
 * appended) would ask for a table of 10^11 cells. Arrays are therefore diffed here first: their
 * common prefix and suffix are cut in linear time, and the library only sees the changed middle,
 * and only when its cost stays under {@link #MAX_LCS_WEIGHT}; otherwise, or when one replace is
 * smaller than an operation per element, the array is replaced whole. Measured on objects of the
 * largest admitted body (warm runs; JsonPatchesTest#hostileArraysStayCheap holds the cases):
 *
 * <ul>
 *   <li>80,000 duplicate finalizers (2.8 MB): 1 ms, one replace of 93 bytes;
 *   <li>390,000 finalizers, one appended (2.6 MB): 2 ms, one add of 94 bytes;
 *   <li>390,000 finalizers, first and last changed: 6 ms, one replace of 2.6 MB, which the webhook
 *       does not send (ResponseWriter's 40 KiB bound).
 * </ul>
 *
 * <p>The hand-written diff this replaced gave the same operations in 0.1-4, 1-9 and 2-7 ms.
 */
public final class JsonPatches {
  /** Past this many changed elements, an array is replaced whole when that is smaller. */
  static final int MAX_ELEMENT_OPS = 32;

  /**
   * Largest product of the two middles' weights handed to the library: its table of that many cells
   * is 4 MiB, a few milliseconds. A weight counts nodes and text, so that comparing elements stays
   * bounded too.
   */
  static final long MAX_LCS_WEIGHT = 1L << 20;

  /** add, remove and replace only, as the API server and controller-runtime's patches use. */
  private static final EnumSet<DiffFlags> ADD_REMOVE_REPLACE =
      EnumSet.of(
          DiffFlags.OMIT_VALUE_ON_REMOVE,
          DiffFlags.OMIT_MOVE_OPERATION,
          DiffFlags.OMIT_COPY_OPERATION);

  /** Removing what is not there fails, as it does in the API server. */
  private static final EnumSet<CompatibilityFlags> STRICT =
      EnumSet.of(CompatibilityFlags.FORBID_REMOVE_MISSING_OBJECT);

  private JsonPatches() {}

  /** The operations that turn {@code from} into {@code to}; empty when they are equal. */
  public static List<PatchOp> diff(JsonNode from, JsonNode to) {
    List<PatchOp> ops = new ArrayList<>();
    diff(Path.ROOT, from, to, ops);
    return ops;
  }

  /**
   * Objects are walked here key by key, in the library's order (removals and changes in the
   * source's key order, then additions); arrays go to {@link #diffArray}, where the library diffs
   * the changed middle; any other change is a replace. Walking objects here instead of handing the
   * whole pair to the library, after the arrays, halved the mutation's cost (JMH, VMIM create:
   * 3,618 ns/op with the library on the whole object, docs/performance.md).
   */
  private static void diff(Path at, JsonNode from, JsonNode to, List<PatchOp> ops) {
    if (from.isObject() && to.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = from.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        JsonNode target = to.get(e.getKey());
        if (target == null) {
          ops.add(new PatchOp("remove", at.child(e.getKey()).pointer(), null));
        } else {
          diff(at.child(e.getKey()), e.getValue(), target, ops);
        }
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = to.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!from.has(e.getKey())) {
          ops.add(new PatchOp("add", at.child(e.getKey()).pointer(), e.getValue()));
        }
      }
    } else if (from.isArray() && to.isArray()) {
      diffArray(at, from, to, ops);
    } else if (!from.equals(to)) {
      ops.add(PatchOp.replace(at.pointer(), to));
    }
  }

  /**
   * The result of applying {@code patch} to a copy of {@code doc}.
   *
   * @throws IllegalArgumentException when an operation does not apply (a patch made by a bug)
   */
  public static JsonNode apply(JsonNode doc, List<PatchOp> patch) {
    return apply(doc, toJson(patch));
  }

  /** {@link #apply(JsonNode, List)} for a patch in its wire form. */
  public static JsonNode apply(JsonNode doc, JsonNode patch) {
    try {
      return JsonPatch.apply(patch, doc, STRICT);
    } catch (JsonPatchException | IllegalStateException e) {
      // The library reports a malformed array index ("01") as an IllegalStateException.
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** The wire form: {@code [{"op":..,"path":..,"value":..}]}, no value for {@code remove}. */
  public static ArrayNode toJson(List<PatchOp> patch) {
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    for (PatchOp op : patch) {
      ObjectNode o = out.addObject().put("op", op.op()).put("path", op.path());
      if (!"remove".equals(op.op())) {
        o.set("value", op.value());
      }
    }
    return out;
  }

  private static void diffArray(Path at, JsonNode from, JsonNode to, List<PatchOp> ops) {
    if (from.equals(to)) {
      return;
    }
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
    ArrayNode fromMiddle = slice(from, prefix, n - suffix);
    ArrayNode toMiddle = slice(to, prefix, m - suffix);
    int changed = fromMiddle.size() + toMiddle.size();
    boolean replaceIsSmaller = changed > MAX_ELEMENT_OPS && m < changed;
    if (replaceIsSmaller || weight(fromMiddle) * weight(toMiddle) > MAX_LCS_WEIGHT) {
      ops.add(PatchOp.replace(at.pointer(), to.deepCopy()));
      return;
    }
    // Pure insertions or deletions (a defaulter adding a finalizer, dropping duplicates) need no
    // LCS: the library's own answer, without building its tables (JsonPatchesTest holds them
    // equal).
    if (fromMiddle.isEmpty() || toMiddle.isEmpty()) {
      for (int k = 0; k < toMiddle.size(); k++) {
        ops.add(PatchOp.add(at.pointer() + "/" + (prefix + k), toMiddle.get(k)));
      }
      for (int k = 0; k < fromMiddle.size(); k++) {
        ops.add(PatchOp.remove(at.pointer() + "/" + prefix));
      }
      return;
    }
    for (JsonNode op : JsonDiff.asJson(fromMiddle, toMiddle, ADD_REMOVE_REPLACE)) {
      ops.add(op(at, prefix, op));
    }
  }

  /** One library operation, its leading index moved by {@code shift} and put under {@code at}. */
  private static PatchOp op(Path at, int shift, JsonNode op) {
    String path = op.get("path").asText(); // "/<index>[/rest]" within the middle
    int end = path.indexOf('/', 1);
    String rest = end < 0 ? "" : path.substring(end);
    int index = Integer.parseInt(path.substring(1, end < 0 ? path.length() : end));
    return new PatchOp(
        op.get("op").asText(), at.pointer() + "/" + (index + shift) + rest, op.get("value"));
  }

  /**
   * Where the walk is, as a chain of segments: the pointer string is built only for an operation
   * (building a JsonPointer per visited key was most of the diff's cost).
   */
  private record Path(Path parent, String segment) {
    static final Path ROOT = new Path(null, null);

    Path child(String key) {
      return new Path(this, key);
    }

    String pointer() {
      if (parent == null) {
        return "";
      }
      String escaped = segment.replace("~", "~0").replace("/", "~1");
      return parent.pointer() + "/" + escaped;
    }
  }

  private static ArrayNode slice(JsonNode array, int from, int to) {
    ArrayNode out = JsonNodeFactory.instance.arrayNode(to - from);
    for (int i = from; i < to; i++) {
      out.add(array.get(i));
    }
    return out;
  }

  /** One per node, plus one per 64 characters of text. */
  private static long weight(JsonNode node) {
    long w = 1 + (node.isTextual() ? node.textValue().length() / 64 : 0);
    for (JsonNode child : node) {
      w += weight(child);
    }
    return w;
  }
}
