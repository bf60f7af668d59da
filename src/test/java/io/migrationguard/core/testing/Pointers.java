package io.migrationguard.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * RFC 6901 JSON Pointer edits for the tweaks of rule cases (patches go through {@code
 * JsonPatches}). Intermediate objects are created on {@link #set}; {@code -} appends to an array.
 */
public final class Pointers {
  private Pointers() {}

  /** The unescaped reference tokens of {@code pointer}. */
  public static List<String> tokens(String pointer) {
    if (pointer.isEmpty()) {
      return List.of();
    }
    if (!pointer.startsWith("/")) {
      throw new IllegalArgumentException("not a JSON pointer: " + pointer);
    }
    List<String> out = new ArrayList<>();
    for (String t : pointer.substring(1).split("/", -1)) {
      out.add(t.replace("~1", "/").replace("~0", "~"));
    }
    return out;
  }

  /** Sets (adds or replaces) the value at {@code pointer}, creating missing parent objects. */
  public static void set(JsonNode root, String pointer, JsonNode value) {
    put(parent(root, pointer, true), last(pointer), value);
  }

  /** Removes the value at {@code pointer}, which must exist. */
  public static void remove(JsonNode root, String pointer) {
    JsonNode parent = parent(root, pointer, false);
    String token = last(pointer);
    if (parent.isArray()) {
      int i = Integer.parseInt(token);
      require(i < parent.size(), pointer);
      ((ArrayNode) parent).remove(i);
    } else {
      require(parent.has(token), pointer);
      ((ObjectNode) parent).remove(token);
    }
  }

  private static void put(JsonNode parent, String token, JsonNode value) {
    if (parent.isArray()) {
      ArrayNode array = (ArrayNode) parent;
      if (token.equals("-")) {
        array.add(value);
      } else {
        array.set(Integer.parseInt(token), value);
      }
    } else {
      ((ObjectNode) parent).set(token, value);
    }
  }

  private static JsonNode parent(JsonNode root, String pointer, boolean create) {
    List<String> tokens = tokens(pointer);
    require(!tokens.isEmpty(), pointer);
    JsonNode node = root;
    for (String t : tokens.subList(0, tokens.size() - 1)) {
      JsonNode next = node.isArray() ? node.get(Integer.parseInt(t)) : node.get(t);
      if ((next == null || next.isNull()) && create && node.isObject()) {
        next = ((ObjectNode) node).putObject(t);
      }
      require(next != null && next.isContainerNode(), pointer);
      node = next;
    }
    return node;
  }

  private static String last(String pointer) {
    List<String> tokens = tokens(pointer);
    return tokens.get(tokens.size() - 1);
  }

  private static void require(boolean ok, String pointer) {
    if (!ok) {
      throw new IllegalArgumentException("no such location: " + pointer);
    }
  }
}
