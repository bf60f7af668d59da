package io.migrationguard.manifest;

import io.migrationguard.core.model.FieldPath;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each node of one parsed document stands in its file, keyed by RFC 6901 pointer: for a map
 * entry the position of its key, for a list element the position of the element. Lookups fall back
 * to the nearest ancestor that exists, so a finding about a missing field lands on its parent.
 */
public final class Locations {
  private final Map<String, Loc> byPointer = new HashMap<>(64);

  void put(String pointer, Loc loc) {
    byPointer.put(pointer, loc);
  }

  /** The exact position of {@code pointer}, or null. */
  public Loc get(String pointer) {
    return byPointer.get(pointer);
  }

  /** The position of {@code pointer} or of its nearest recorded ancestor (the root at worst). */
  public Loc find(String pointer) {
    String p = pointer;
    while (true) {
      Loc loc = byPointer.get(p);
      if (loc != null) {
        return loc;
      }
      if (p.isEmpty()) {
        return Loc.START;
      }
      p = p.substring(0, p.lastIndexOf('/'));
    }
  }

  /** The position of a finding's field inside the object rooted at {@code base}. */
  public Loc find(String base, FieldPath field) {
    return find(base + field.toJsonPointer());
  }

  /** Every recorded position (for tests comparing two readers). */
  Map<String, Loc> snapshot() {
    return Map.copyOf(byPointer);
  }

  /** RFC 6901 escaping of one segment. */
  static String escape(String segment) {
    if (segment.indexOf('~') < 0 && segment.indexOf('/') < 0) {
      return segment;
    }
    return segment.replace("~", "~0").replace("/", "~1");
  }
}
