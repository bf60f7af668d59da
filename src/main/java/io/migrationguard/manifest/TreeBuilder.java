package io.migrationguard.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Builds one Jackson tree from parser events (YAML or JSON) and records, as it goes, where every
 * node stands and which keys repeat. Iterative (no recursion), with a depth limit, so hostile input
 * cannot blow the stack. One builder per document; not thread-safe.
 */
final class TreeBuilder {
  static final int MAX_DEPTH = 1000;

  /**
   * Repetitions recorded per map: as many as one resource reports findings; the rest of a map's
   * repetitions are only counted ({@link DuplicateKey#more()}), so a file of one key repeated a
   * million times costs a hundred records, not a million.
   */
  static final int MAX_DUPLICATES_PER_MAP = 100;

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
    final boolean detached;
    String key;
    Loc keyLoc;

    /** The keys written explicitly, once a merge has written others (null before any merge). */
    Set<String> explicit;

    int duplicates;
    int lastDuplicate = -1;
    long moreDuplicates;

    Frame(JsonNode node, String pointer, boolean detached) {
      this.node = node;
      this.pointer = pointer;
      this.detached = detached;
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

  /**
   * A map given inline as the value of a merge key ({@code <<: {a: 1}}): built like any map, but
   * not placed in its parent; {@link #end()} returns it for {@link #merge}. Its entries are placed
   * (for positions) as entries of the map they are merged into.
   */
  void startMergeSource(Loc loc) throws DecodeException {
    if (stack.size() >= MAX_DEPTH) {
      throw new DecodeException("nesting deeper than " + MAX_DEPTH + " levels", loc);
    }
    size++;
    stack.push(new Frame(NODES.objectNode(), stack.peek().pointer, true));
  }

  /**
   * A YAML merge key ({@code <<}) value merged into the innermost map, as go-yaml v2 does it: at
   * the merge key's place, so its entries replace the keys written before it and the keys written
   * after it replace them. (go-yaml v3 lets explicit keys win wherever they stand; kubectl decodes
   * with v2.)
   */
  void merge(ObjectNode source) {
    Frame f = stack.peek();
    ObjectNode target = (ObjectNode) f.node;
    if (f.explicit == null) {
      f.explicit = new HashSet<>();
      target.fieldNames().forEachRemaining(f.explicit::add);
    }
    source.properties().forEach(e -> target.set(e.getKey(), e.getValue()));
  }

  /** Whether the innermost container is an inline merge map ({@link #startMergeSource}). */
  boolean inMergeSource() {
    Frame f = stack.peek();
    return f != null && f.detached;
  }

  /** The innermost open container. */
  JsonNode current() {
    return stack.peek().node;
  }

  /** Closes the innermost container, and returns it. */
  JsonNode end() {
    Frame f = stack.pop();
    if (f.moreDuplicates > 0) {
      DuplicateKey last = duplicates.get(f.lastDuplicate);
      duplicates.set(
          f.lastDuplicate,
          new DuplicateKey(last.pointer(), last.key(), last.loc(), f.moreDuplicates));
    }
    return f.node;
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
    stack.push(new Frame(container, pointer, false));
  }

  private void duplicate(Frame map, String pointer, String key) {
    if (map.duplicates++ < MAX_DUPLICATES_PER_MAP) {
      map.lastDuplicate = duplicates.size();
      duplicates.add(new DuplicateKey(pointer, key, map.keyLoc));
    } else {
      map.moreDuplicates++;
    }
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
      if (parent.explicit == null ? obj.has(key) : !parent.explicit.add(key)) {
        duplicate(parent, pointer, key);
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

  /** The document built, as the {@code index}-th of its stream (1-based), without a parse error. */
  Document document(int index) {
    return new Document(index, root(), rootLoc(), locations(), List.copyOf(duplicates()), null);
  }
}
