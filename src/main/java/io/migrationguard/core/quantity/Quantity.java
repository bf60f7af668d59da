package io.migrationguard.core.quantity;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.JsonTypes;
import java.math.BigDecimal;

/**
 * A Kubernetes {@code resource.Quantity}: exact decimal value plus the format it was written in
 * (which decides its canonical form). See docs/architecture.md#quantities. Immutable; equality and
 * ordering are by value ({@code 1Gi} equals {@code 1024Mi}).
 */
public final class Quantity implements Comparable<Quantity> {

  /** The suffix family the quantity was written in; kept for the canonical form. */
  public enum Format {
    BINARY_SI,
    DECIMAL_SI,
    DECIMAL_EXPONENT
  }

  private final BigDecimal value;
  private final Format format;

  Quantity(BigDecimal value, Format format) {
    this.value = value;
    this.format = format;
  }

  /**
   * Parses {@code s} under the Go grammar AND the CRD pattern. Never throws; hostile input (huge
   * exponents, very long digit strings) is rejected in microseconds.
   */
  public static QuantityParse parse(String s) {
    return QuantityParser.parse(s);
  }

  /**
   * Parses a JSON value: an integer, or a string in Quantity grammar. A number with a fraction or
   * any other type is not a Quantity (the CRD type is int-or-string).
   */
  public static QuantityParse parse(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return QuantityParse.bad("must be an integer or a string");
    }
    if (node.isTextual()) {
      return parse(node.textValue());
    }
    if (node.isIntegralNumber()) {
      return parse(node.bigIntegerValue().toString());
    }
    // 1048576.0 passes the CRD as an integer (an integral float64) and is stored as 1048576.
    if (node.isNumber() && JsonTypes.isInteger(node)) {
      return parse(node.decimalValue().toBigInteger().toString());
    }
    return QuantityParse.bad("must be an integer or a string");
  }

  /** The exact value (rounded to nano away from zero, binary SI clamped to 2^63-1). */
  public BigDecimal value() {
    return value;
  }

  public Format format() {
    return format;
  }

  /** -1, 0 or 1. */
  public int signum() {
    return value.signum();
  }

  /** The canonical string Kubernetes prints, e.g. {@code 1536Mi} for {@code 1.5Gi}. */
  public String canonical() {
    return CanonicalForm.of(value, format);
  }

  @Override
  public int compareTo(Quantity o) {
    return value.compareTo(o.value);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Quantity q && value.compareTo(q.value) == 0;
  }

  @Override
  public int hashCode() {
    return value.stripTrailingZeros().hashCode();
  }

  @Override
  public String toString() {
    return canonical();
  }
}
