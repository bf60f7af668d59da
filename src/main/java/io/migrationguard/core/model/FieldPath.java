package io.migrationguard.core.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A path to a field, rendered the way apimachinery's {@code field.Path} renders it: {@code
 * spec.selectors.namespaceSelector[team]}, {@code status.conditions[0].type}. Immutable; build it
 * by passing paths down as parameters ({@code path.child("spec").child("vmiName")}).
 */
public final class FieldPath {
  private static final FieldPath ROOT = new FieldPath(null, null, Kind.ROOT);

  private enum Kind {
    ROOT,
    CHILD,
    KEY,
    INDEX
  }

  private final FieldPath parent;
  private final String segment;
  private final Kind kind;

  private FieldPath(FieldPath parent, String segment, Kind kind) {
    this.parent = parent;
    this.segment = segment;
    this.kind = kind;
  }

  /** The empty path (the object itself). */
  public static FieldPath root() {
    return ROOT;
  }

  /** A path of dotted field names, e.g. {@code of("spec", "vmiName")}. */
  public static FieldPath of(String... names) {
    FieldPath p = ROOT;
    for (String n : names) {
      p = p.child(n);
    }
    return p;
  }

  /** A named field of an object: {@code .name}. */
  public FieldPath child(String name) {
    return new FieldPath(this, name, Kind.CHILD);
  }

  /** An entry of a map: {@code [key]}. */
  public FieldPath key(String key) {
    return new FieldPath(this, key, Kind.KEY);
  }

  /** An element of a list: {@code [i]}. */
  public FieldPath index(int index) {
    return new FieldPath(this, Integer.toString(index), Kind.INDEX);
  }

  /** True for the empty path. */
  public boolean isRoot() {
    return kind == Kind.ROOT;
  }

  /** The path's parent; the root's parent is the root. */
  public FieldPath parent() {
    return parent == null ? ROOT : parent;
  }

  /** The raw segments from the root, without separators (field names, keys and indices). */
  public List<String> segments() {
    List<String> out = new ArrayList<>();
    for (FieldPath p = this; p.kind != Kind.ROOT; p = p.parent) {
      out.add(p.segment);
    }
    Collections.reverse(out);
    return out;
  }

  /**
   * The RFC 6901 JSON Pointer of this path, e.g. {@code /metadata/labels/kubevirt.io~1vmi-name}.
   */
  public String toJsonPointer() {
    StringBuilder sb = new StringBuilder();
    for (String s : segments()) {
      sb.append('/').append(s.replace("~", "~0").replace("/", "~1"));
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    if (kind == Kind.ROOT) {
      return "";
    }
    StringBuilder sb = new StringBuilder(parent.toString());
    switch (kind) {
      case CHILD -> {
        if (sb.length() > 0) {
          sb.append('.');
        }
        sb.append(segment);
      }
      case KEY, INDEX -> sb.append('[').append(segment).append(']');
      default -> throw new IllegalStateException();
    }
    return sb.toString();
  }

  /**
   * {@link #toString()} for messages: a field name or key longer than 256 characters is cut by
   * {@link Shown} (the path still names the field; a reply stays small).
   */
  public String shown() {
    if (kind == Kind.ROOT) {
      return "";
    }
    String p = parent.shown();
    String s = Shown.plain(segment);
    return switch (kind) {
      case CHILD -> p.isEmpty() ? s : p + "." + s;
      default -> p + "[" + s + "]";
    };
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FieldPath other && toString().equals(other.toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }
}
