package io.migrationguard.core.schema;

/**
 * The structural view of a kind's schema, as the API server's structural schema sees it: which
 * fields an object declares (the rest are unknown and pruned), which are maps, which may be null,
 * which are Quantities. Read from the same schema trees as validation, once per release and kind
 * ({@link ReleaseSchemas#shape}). Used before admission (dropping nulls, pruning) and by semantic
 * equality (Quantities by value).
 */
public final class Shape {
  /** Anything goes: the shape of a free-form value, and of everything below it. */
  public static final Shape FREE_FORM = new Shape(SchemaNode.FREE_FORM);

  private final SchemaNode node;

  Shape(SchemaNode node) {
    this.node = node;
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
