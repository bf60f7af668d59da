package io.migrationguard.cli.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Builds one Jackson tree from parser events (YAML or JSON) and records, as it goes, where every
 * node stands and which keys repeat. Iterative (no recursion), with a depth limit, so hostile input
 * cannot blow the stack. One builder per document; not thread-safe.
 */
final class TreeBuilder {
  static final int MAX_DEPTH = 1000;
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final Locations locations = new Locations();
  private final List<DuplicateKey> duplicates = new ArrayList<>();
  private final Deque<Frame> stack = new ArrayDeque<>();
  private JsonNode root;
  private Loc rootLoc;
  private long size;

  /** An open container: where it is, and the key waiting for its value when it is a map. */
  private static final class Frame {
    final JsonNode node;
    final String pointer;
    String key;
    Loc keyLoc;
    List<ObjectNode> merges;

    Frame(JsonNode node, String pointer) {
      this.node = node;
      this.pointer = pointer;
    }
  }

  void startObject(Loc loc) throws DecodeException {
    open(NODES.objectNode(), loc);
  }

  void startArray(Loc loc) throws DecodeException {
    open(NODES.arrayNode(), loc);
  }

  /** A key of the innermost map. */
  void key(String name, Loc loc) {
    Frame f = stack.peek();
    f.key = name;
    f.keyLoc = loc;
  }

  /** Whether the innermost container is a map still waiting for a key (not a value). */
  boolean expectsKey() {
    Frame f = stack.peek();
    return f != null && f.node.isObject() && f.key == null;
  }

  /** A complete value: a scalar, or an aliased subtree counting {@code weight} nodes. */
  void value(JsonNode value, Loc loc, long weight) {
    size += weight;
    attach(value, loc);
  }

  /** A YAML merge key ({@code <<}) value: its entries fill keys the map does not set itself. */
  void merge(ObjectNode source) {
    Frame f = stack.peek();
    if (f.merges == null) {
      f.merges = new ArrayList<>();
    }
    f.merges.add(source);
  }

  /** The innermost open container. */
  JsonNode current() {
    return stack.peek().node;
  }

  /** Closes the innermost container. */
  void end() {
    Frame f = stack.pop();
    if (f.merges != null) {
      ObjectNode target = (ObjectNode) f.node;
      for (ObjectNode source : f.merges) {
        source.properties().forEach(e -> target.putIfAbsent(e.getKey(), e.getValue()));
      }
    }
  }

  int depth() {
    return stack.size();
  }

  /** Nodes built so far, aliased subtrees counted at their full size. */
  long size() {
    return size;
  }

  JsonNode root() {
    return root;
  }

  Loc rootLoc() {
    return rootLoc;
  }

  Locations locations() {
    return locations;
  }

  List<DuplicateKey> duplicates() {
    return duplicates;
  }

  private void open(JsonNode container, Loc loc) throws DecodeException {
    if (stack.size() >= MAX_DEPTH) {
      throw new DecodeException("nesting deeper than " + MAX_DEPTH + " levels", loc);
    }
    size++;
    Frame parent = stack.peek();
    String pointer;
    if (parent == null) {
      pointer = "";
    } else if (parent.node.isObject()) {
      pointer = parent.pointer + "/" + Locations.escape(parent.key);
    } else {
      pointer = parent.pointer + "/" + parent.node.size();
    }
    attach(container, loc);
    stack.push(new Frame(container, pointer));
  }

  private void attach(JsonNode value, Loc loc) {
    Frame parent = stack.peek();
    if (parent == null) {
      root = value;
      rootLoc = loc;
      locations.put("", loc);
      return;
    }
    if (parent.node instanceof ObjectNode obj) {
      String key = parent.key;
      String pointer = parent.pointer + "/" + Locations.escape(key);
      if (obj.has(key)) {
        duplicates.add(new DuplicateKey(pointer, key, parent.keyLoc));
      }
      obj.set(key, value);
      locations.put(pointer, parent.keyLoc);
      parent.key = null;
    } else {
      ArrayNode arr = (ArrayNode) parent.node;
      locations.put(parent.pointer + "/" + arr.size(), loc);
      arr.add(value);
    }
  }
}
