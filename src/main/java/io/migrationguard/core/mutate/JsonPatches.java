package io.migrationguard.core.mutate;

import com.fasterxml.jackson.core.JsonPointer;
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
    List<JsonPointer> arrays = new ArrayList<>();
    diffArrays(JsonPointer.empty(), from, to, ops, arrays);
    JsonNode rest = from;
    if (!arrays.isEmpty()) {
      // The arrays are patched already: let the library see them equal to their targets.
      rest = arrays.get(0).matches() ? to : from.deepCopy();
      for (JsonPointer at : arrays) {
        if (!at.matches()) {
          ((ObjectNode) rest.at(at.head())).set(at.last().getMatchingProperty(), to.at(at));
        }
      }
    }
    // Applied after the array operations, which only touch their own arrays.
    JsonDiff.asJson(rest, to, ADD_REMOVE_REPLACE)
        .forEach(op -> ops.add(op(JsonPointer.empty(), 0, op)));
    return ops;
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

  /** Finds the array pairs reachable through objects, patches them, and records where. */
  private static void diffArrays(
      JsonPointer at, JsonNode from, JsonNode to, List<PatchOp> ops, List<JsonPointer> arrays) {
    if (from.equals(to)) {
      return;
    }
    if (from.isObject() && to.isObject()) {
      for (Iterator<String> it = from.fieldNames(); it.hasNext(); ) {
        String key = it.next();
        if (to.has(key)) {
          diffArrays(at.appendProperty(key), from.get(key), to.get(key), ops, arrays);
        }
      }
    } else if (from.isArray() && to.isArray()) {
      diffArray(at, from, to, ops);
      arrays.add(at);
    }
  }

  private static void diffArray(JsonPointer at, JsonNode from, JsonNode to, List<PatchOp> ops) {
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
      ops.add(PatchOp.replace(at.toString(), to.deepCopy()));
      return;
    }
    for (JsonNode op : JsonDiff.asJson(fromMiddle, toMiddle, ADD_REMOVE_REPLACE)) {
      ops.add(op(at, prefix, op));
    }
  }

  /** One library operation, its leading index moved by {@code shift} and put under {@code at}. */
  private static PatchOp op(JsonPointer at, int shift, JsonNode op) {
    JsonPointer path = JsonPointer.compile(op.get("path").asText());
    if (shift > 0) {
      path = JsonPointer.empty().appendIndex(path.getMatchingIndex() + shift).append(path.tail());
    }
    return new PatchOp(op.get("op").asText(), at.append(path).toString(), op.get("value"));
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
