package io.migrationguard.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.networknt.schema.regex.RegularExpression;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * One compiled schema object of {@link SchemaAcceptor}: every keyword it holds is a conjunct, each
 * applied only to the JSON types it constrains, as JSON Schema 2020-12 and networknt apply them.
 */
final class SchemaNode {

  /**
   * Annotations: no effect on validity ({@code $id} has its own case: only the file's own is
   * taken).
   */
  private static final Set<String> ANNOTATIONS =
      Set.of("$schema", "$defs", "$comment", "title", "description");

  private boolean never;
  private int types;
  private SchemaNode ref;
  private Set<String> enumValues;
  private RegularExpression pattern;
  private boolean dateTime;
  private Long minimum;
  private Long maximum;
  private Map<String, SchemaNode> properties;
  private String[] required;
  private boolean noAdditional;
  private SchemaNode additional;
  private SchemaNode items;

  /** Compiles {@code schema} (of {@code file}) into this node; throws when a keyword is foreign. */
  void compile(JsonNode schema, String file, SchemaAcceptor.Compiler compiler) {
    if (schema.isBoolean()) {
      never = !schema.booleanValue();
      return;
    }
    if (!schema.isObject()) {
      throw new SchemaAcceptor.Unsupported("schema is not an object");
    }
    for (Map.Entry<String, JsonNode> e : schema.properties()) {
      JsonNode v = e.getValue();
      switch (e.getKey()) {
        case "type" -> types = TypeBits.of(v);
        case "$ref" -> ref = compiler.ref(text(v), file);
        case "enum" -> enumValues = strings(v);
        case "pattern" -> pattern = SchemaAcceptor.pattern(text(v));
        case "format" -> {
          if (!Rfc3339.NAME.equals(v.asText())) {
            throw new SchemaAcceptor.Unsupported("format " + v);
          }
          dateTime = true;
        }
        case "minimum" -> minimum = integral(v);
        case "maximum" -> maximum = integral(v);
        case "properties" -> {
          properties = new HashMap<>();
          for (Map.Entry<String, JsonNode> p : v.properties()) {
            properties.put(p.getKey(), child(p.getValue(), file, compiler));
          }
        }
        case "required" -> required = strings(v).toArray(String[]::new);
        case "additionalProperties" -> {
          if (v.isBoolean()) {
            noAdditional = !v.booleanValue();
          } else {
            additional = child(v, file, compiler);
          }
        }
        case "items" -> items = child(v, file, compiler);
        case "$id" -> {
          if (!file.equals(v.asText())) {
            throw new SchemaAcceptor.Unsupported("nested $id " + v);
          }
        }
        default -> {
          if (!ANNOTATIONS.contains(e.getKey())) {
            throw new SchemaAcceptor.Unsupported("keyword " + e.getKey());
          }
        }
      }
    }
  }

  /**
   * Whether every keyword of this node holds for {@code n}. The node's type is asked once and
   * switched on: JSON nodes are of many classes, and each {@code isX()} is a virtual call.
   */
  boolean accepts(JsonNode n) {
    if (never) {
      return false;
    }
    JsonNodeType type = n.getNodeType();
    if (types != 0 && (TypeBits.valueOf(type, n) & types) == 0) {
      return false;
    }
    if (ref != null && !ref.accepts(n)) {
      return false;
    }
    return switch (type) {
      case STRING -> textAccepted(n.textValue());
      case NUMBER ->
          enumValues == null && ((minimum == null && maximum == null) || withinBounds(n));
      case OBJECT -> enumValues == null && objectAccepted(n);
      case ARRAY -> enumValues == null && (items == null || elementsAccepted(n));
      default -> enumValues == null;
    };
  }

  private boolean textAccepted(String s) {
    return (enumValues == null || enumValues.contains(s))
        && (pattern == null || pattern.matches(s))
        && (!dateTime || Rfc3339.isDateTime(s));
  }

  private boolean elementsAccepted(JsonNode array) {
    for (JsonNode element : array) {
      if (!items.accepts(element)) {
        return false;
      }
    }
    return true;
  }

  private boolean objectAccepted(JsonNode n) {
    if (required != null) {
      for (String name : required) {
        if (n.get(name) == null) {
          return false;
        }
      }
    }
    if (properties == null && additional == null && !noAdditional) {
      return true;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      SchemaNode declared = properties == null ? null : properties.get(field.getKey());
      if (declared != null) {
        if (!declared.accepts(field.getValue())) {
          return false;
        }
      } else if (noAdditional || (additional != null && !additional.accepts(field.getValue()))) {
        return false;
      }
    }
    return true;
  }

  // Structure, for Shape: what the API server's structural schema knows of a field.

  /** The node a field {@code name} of an object is checked against, or null when it is unknown. */
  SchemaNode field(String name) {
    if (properties != null) {
      SchemaNode declared = properties.get(name);
      if (declared != null) {
        return declared;
      }
    }
    if (additional != null) {
      return additional;
    }
    if (ref != null) {
      return ref.field(name);
    }
    // No additionalProperties: false: every other field is allowed, as validation allows it.
    return noAdditional ? null : FREE_FORM;
  }

  /** Whether this object is a map (its values share one schema, additionalProperties). */
  boolean isMap() {
    return additional != null || (ref != null && properties == null && ref.isMap());
  }

  /** Whether null is a value of this schema (the reference's {@code nullable}). */
  boolean nullable() {
    if (never) {
      return false;
    }
    if (types != 0) {
      return (types & TypeBits.NULL) != 0 && (ref == null || ref.nullable());
    }
    return ref == null || ref.nullable();
  }

  /** Whether this is a Quantity (int-or-string with the CRD's Quantity pattern). */
  boolean quantity() {
    return pattern instanceof SchemaAcceptor.QuantityPattern || (ref != null && ref.quantity());
  }

  /** The schema of an array's elements (a free-form one when unconstrained). */
  SchemaNode elements() {
    if (items != null) {
      return items;
    }
    return ref != null ? ref.elements() : FREE_FORM;
  }

  /** Anything goes: the children of an unconstrained value. */
  static final SchemaNode FREE_FORM = new SchemaNode();

  // This node's Shape, made once (a benign race: two threads may each make an equal one).
  private Shape shape;

  Shape shape() {
    if (this == FREE_FORM) {
      return Shape.FREE_FORM;
    }
    Shape s = shape;
    if (s == null) {
      s = new Shape(this);
      shape = s;
    }
    return s;
  }

  /**
   * Only an int64 literal is compared here; any other number (1.0, 1e2, a fraction) is left to
   * networknt, whose decimal comparison this class does not repeat.
   */
  private boolean withinBounds(JsonNode n) {
    if (!n.isIntegralNumber() || !n.canConvertToLong()) {
      return false;
    }
    long v = n.longValue();
    return (minimum == null || v >= minimum) && (maximum == null || v <= maximum);
  }

  private static SchemaNode child(JsonNode schema, String file, SchemaAcceptor.Compiler compiler) {
    SchemaNode node = new SchemaNode();
    node.compile(schema, file, compiler);
    return node;
  }

  private static String text(JsonNode v) {
    if (!v.isTextual()) {
      throw new SchemaAcceptor.Unsupported("expected a string, got " + v);
    }
    return v.textValue();
  }

  private static Set<String> strings(JsonNode v) {
    if (!v.isArray()) {
      throw new SchemaAcceptor.Unsupported("expected an array, got " + v);
    }
    Set<String> out = new HashSet<>();
    for (JsonNode s : v) {
      out.add(text(s));
    }
    return out;
  }

  private static Long integral(JsonNode v) {
    if (!v.isIntegralNumber() || !v.canConvertToLong()) {
      throw new SchemaAcceptor.Unsupported("non-integral bound " + v);
    }
    return v.longValue();
  }
}
