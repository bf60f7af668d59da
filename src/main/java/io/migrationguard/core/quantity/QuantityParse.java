package io.migrationguard.core.quantity;

/**
 * The outcome of parsing a Quantity string: a value, or the reason it is not one (errors as
 * values).
 *
 * @param quantity the parsed quantity, or null
 * @param error why it does not parse, or null
 */
public record QuantityParse(Quantity quantity, String error) {
  public boolean ok() {
    return quantity != null;
  }

  static QuantityParse of(Quantity q) {
    return new QuantityParse(q, null);
  }

  static QuantityParse bad(String error) {
    return new QuantityParse(null, error);
  }
}
