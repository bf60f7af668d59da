package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.PatchOp;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies an RFC 6902 JSON Patch ({@code add}, {@code remove}, {@code replace}, {@code test}: the
 * operations a {@link PatchOp} can carry) to a copy of a tree, with RFC 6901 pointers. Use it to
 * see what an object becomes after defaulting (lint {@code --show-patch} idempotence, webhook
 * tests). The input is never modified. A patch that does not apply is a bug in whoever made it, so
 * it throws.
 */
public final class JsonPatchApply {
  private JsonPatchApply() {}

  /**
   * The result of applying {@code patch} to {@code doc}.
   *
   * @throws IllegalArgumentException when an operation does not apply (missing path, bad index,
   *     failed test, unknown op)
   */
  public static JsonNode apply(JsonNode doc, List<PatchOp> patch) {
    JsonNode root = doc.deepCopy();
    for (PatchOp op : patch) {
      root = applyOne(root, op);
    }
    return root;
  }

  private static JsonNode applyOne(JsonNode root, PatchOp op) {
    List<String> path = parse(op.path());
    return switch (op.op()) {
      case "add" -> add(root, path, required(op).deepCopy());
      case "remove" -> remove(root, path, op.path());
      case "replace" -> {
        if (path.isEmpty()) {
          yield required(op).deepCopy();
        }
        remove(root, path, op.path());
        yield add(root, path, required(op).deepCopy());
      }
      case "test" -> {
        if (!get(root, path, op.path()).equals(required(op))) {
          throw new IllegalArgumentException("test failed at " + op.path());
        }
        yield root;
      }
      default -> throw new IllegalArgumentException("unknown patch op " + op.op());
    };
  }

  /**
   * RFC 6901: {@code ""} is the whole document; {@code ~1} is {@code /}, {@code ~0} is {@code ~}.
   */
  public static List<String> parse(String pointer) {
    List<String> out = new ArrayList<>();
    if (pointer.isEmpty()) {
      return out;
    }
    if (pointer.charAt(0) != '/') {
      throw new IllegalArgumentException("not a JSON pointer: " + pointer);
    }
    for (String s : pointer.substring(1).split("/", -1)) {
      out.add(s.replace("~1", "/").replace("~0", "~"));
    }
    return out;
  }

  private static JsonNode add(JsonNode root, List<String> path, JsonNode value) {
    if (path.isEmpty()) {
      return value;
    }
    JsonNode parent = get(root, path.subList(0, path.size() - 1), "parent");
    String last = path.get(path.size() - 1);
    if (parent instanceof ObjectNode obj) {
      obj.set(last, value);
    } else if (parent instanceof ArrayNode arr) {
      int i = last.equals("-") ? arr.size() : index(last, arr.size());
      arr.insert(i, value);
    } else {
      throw new IllegalArgumentException("cannot add under a scalar at /" + last);
    }
    return root;
  }

  private static JsonNode remove(JsonNode root, List<String> path, String pointer) {
    if (path.isEmpty()) {
      throw new IllegalArgumentException("cannot remove the whole document");
    }
    JsonNode parent = get(root, path.subList(0, path.size() - 1), pointer);
    String last = path.get(path.size() - 1);
    if (parent instanceof ObjectNode obj && obj.has(last)) {
      obj.remove(last);
    } else if (parent instanceof ArrayNode arr) {
      arr.remove(index(last, arr.size() - 1));
    } else {
      throw new IllegalArgumentException("nothing to remove at " + pointer);
    }
    return root;
  }

  private static JsonNode get(JsonNode root, List<String> path, String pointer) {
    JsonNode n = root;
    for (String s : path) {
      if (n instanceof ObjectNode obj && obj.has(s)) {
        n = obj.get(s);
      } else if (n instanceof ArrayNode arr) {
        n = arr.get(index(s, arr.size() - 1));
      } else {
        throw new IllegalArgumentException("no value at " + pointer);
      }
    }
    return n;
  }

  /** An array index per RFC 6901: digits without leading zeros, at most {@code max}. */
  private static int index(String s, int max) {
    if (!s.matches("0|[1-9][0-9]{0,8}")) {
      throw new IllegalArgumentException("bad array index " + s);
    }
    int i = Integer.parseInt(s);
    if (i > max) {
      throw new IllegalArgumentException("array index " + s + " out of bounds");
    }
    return i;
  }

  private static JsonNode required(PatchOp op) {
    if (op.value() == null) {
      throw new IllegalArgumentException(op.op() + " at " + op.path() + " has no value");
    }
    return op.value();
  }
}
