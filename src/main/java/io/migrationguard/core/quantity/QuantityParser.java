package io.migrationguard.core.quantity;

/** Parser for {@link Quantity} (placeholder until implemented). */
final class QuantityParser {
  private QuantityParser() {}

  static QuantityParse parse(String s) {
    return QuantityParse.bad("not implemented");
  }
}
