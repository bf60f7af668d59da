package io.migrationguard.core.schema;

import io.migrationguard.core.Kind;
import java.util.EnumMap;
import java.util.Map;

/**
 * The structural view of a kind's schema, as the API server's structural schema sees it: which
 * fields an object declares (the rest are unknown and pruned), which are maps, which may be null,
 * which are Quantities. Read from the same schema files as validation, compiled once per kind. Used
 * before admission (dropping nulls, pruning) and by semantic equality (Quantities by value).
 */
public final class Shape {
  /** Anything goes: the shape of a free-form value, and of everything below it. */
  public static final Shape FREE_FORM = new Shape(SchemaNode.FREE_FORM);

  private final SchemaNode node;

  Shape(SchemaNode node) {
    this.node = node;
  }

  /** Both kinds' shapes, compiled once when first asked for (no lock on the review path). */
  private static final class Roots {
    static final Map<Kind, Shape> BY_KIND = new EnumMap<>(Kind.class);

    static {
      SchemaAcceptor.Compiler compiler = new SchemaAcceptor.Compiler(SchemaAcceptor::resource);
      for (Kind k : Kind.values()) {
        BY_KIND.put(k, compiler.file(SchemaFiles.fileName(k)).shape());
      }
    }
  }

  /** The shape of a whole object of {@code kind}. */
  public static Shape of(Kind kind) {
    return Roots.BY_KIND.get(kind);
  }

  /** The shape of field {@code name} of an object of this shape, or null when it is unknown. */
  public Shape field(String name) {
    SchemaNode child = node.field(name);
    return child == null ? null : child.shape();
  }

  /** The shape at a field path below this one ({@link #FREE_FORM} where a step is unknown). */
  public Shape at(String... path) {
    Shape s = this;
    for (String name : path) {
      s = s.field(name);
      if (s == null) {
        return FREE_FORM;
      }
    }
    return s;
  }

  /** The shape of the elements of an array of this shape. */
  public Shape elements() {
    return node.elements().shape();
  }

  /** Whether objects of this shape are maps (keys are data, paths show them as {@code [key]}). */
  public boolean isMap() {
    return node.isMap();
  }

  /**
   * Whether null is a value of this field; if not, the API server drops a null before admission.
   */
  public boolean nullable() {
    return node.nullable();
  }

  /** Whether this field is a {@code resource.Quantity} (compared by value, not by spelling). */
  public boolean quantity() {
    return node.quantity();
  }
}
