package io.migrationguard.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import io.migrationguard.core.model.JsonTypes;

/**
 * The seven JSON Schema types as bits, for {@link SchemaNode}'s {@code type} keyword: a schema's
 * {@code type} compiled once into a mask, a value's type computed as the API server sees it ({@link
 * JsonTypes}), and the two compared with one {@code &}.
 */
final class TypeBits {
  // The seven JSON Schema types as bits; a number is NUMBER, plus INTEGER when kube-openapi calls
  // it
  // one (JsonTypes.isInteger).
  static final int NULL = 1;
  static final int BOOLEAN = 2;
  static final int OBJECT = 4;
  static final int ARRAY = 8;
  static final int NUMBER = 16;
  static final int INTEGER = 32;
  static final int STRING = 64;

  private TypeBits() {}

  /**
   * The type bits of a value of JSON type {@code type} (asked once by the caller), mirroring {@link
   * JsonTypes#hasType}.
   */
  static int valueOf(JsonNodeType type, JsonNode n) {
    return switch (type) {
      case STRING, BINARY -> STRING;
      case BOOLEAN -> BOOLEAN;
      case OBJECT, POJO -> OBJECT;
      case ARRAY -> ARRAY;
      case NUMBER -> JsonTypes.isInteger(n) ? NUMBER | INTEGER : NUMBER;
      case NULL, MISSING -> NULL;
    };
  }

  static int of(JsonNode v) {
    int bits = 0;
    if (v.isArray()) {
      for (JsonNode t : v) {
        bits |= bit(text(t));
      }
    } else {
      bits = bit(text(v));
    }
    if (bits == 0) {
      throw new SchemaAcceptor.Unsupported("empty type list");
    }
    return bits;
  }

  private static int bit(String name) {
    return switch (name) {
      case "null" -> NULL;
      case "boolean" -> BOOLEAN;
      case "object" -> OBJECT;
      case "array" -> ARRAY;
      case "number" -> NUMBER;
      case "integer" -> INTEGER;
      case "string" -> STRING;
      default -> throw new SchemaAcceptor.Unsupported("type " + name);
    };
  }

  private static String text(JsonNode v) {
    if (!v.isTextual()) {
      throw new SchemaAcceptor.Unsupported("expected a string, got " + v);
    }
    return v.textValue();
  }
}
