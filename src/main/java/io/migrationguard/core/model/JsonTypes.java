package io.migrationguard.core.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;

/**
 * JSON value types the way the Kubernetes API server (kube-openapi) sees them, for the schema's
 * {@code type} keyword. The API server decodes a JSON number into an int64 when it is written as an
 * integer that fits, and into a float64 otherwise; a float64 still passes as {@code integer} when
 * it is integral and within 2^53 ({@code swag.IsFloat64AJSONInteger}). So {@code 1.0} and {@code
 * 1e2} are integers, {@code 1.5}, {@code 1e30} and {@code 2^63} are not.
 */
public final class JsonTypes {
  /** The largest float64 kube-openapi still accepts as an integer: 2^53 - 1. */
  private static final double MAX_JSON_INTEGER = 9007199254740991d;

  private static final BigDecimal MAX_JSON_INTEGER_DECIMAL = BigDecimal.valueOf(9007199254740991L);

  private JsonTypes() {}

  /**
   * The type name kube-openapi reports as the bad value of a type error: {@code integer} for an
   * integer literal that fits int64, {@code number} for any other number, else {@code string},
   * {@code boolean}, {@code object}, {@code array} or {@code null}.
   */
  public static String nameOf(JsonNode node) {
    if (node == null) {
      return "null";
    }
    return switch (node.getNodeType()) {
      case STRING, BINARY -> "string";
      case BOOLEAN -> "boolean";
      case OBJECT, POJO -> "object";
      case ARRAY -> "array";
      case NUMBER -> isInt64Literal(node) ? "integer" : "number";
      case NULL, MISSING -> "null";
    };
  }

  /** Whether {@code node} satisfies {@code type} (one of the seven JSON Schema type names). */
  public static boolean hasType(JsonNode node, String type) {
    return switch (type) {
      case "integer" -> node.isNumber() && isInteger(node);
      case "number" -> node.isNumber();
      default -> nameOf(node).equals(type);
    };
  }

  /** An integer literal that fits int64, or an integral float64 within 2^53. */
  public static boolean isInteger(JsonNode node) {
    if (node.isIntegralNumber()) {
      return isInt64Literal(node);
    }
    if (node.isBigDecimal()) {
      BigDecimal v = node.decimalValue();
      // Compare first: stripping trailing zeros of a huge exponent is cheap, but skip it anyway.
      return v.abs().compareTo(MAX_JSON_INTEGER_DECIMAL) <= 0
          && v.stripTrailingZeros().scale() <= 0;
    }
    double v = node.doubleValue();
    return Double.isFinite(v) && Math.abs(v) <= MAX_JSON_INTEGER && v == Math.rint(v);
  }

  private static boolean isInt64Literal(JsonNode node) {
    return node.isIntegralNumber() && node.canConvertToLong();
  }
}
