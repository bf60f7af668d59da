package io.migrationguard.core.quantity;

import java.math.BigDecimal;

/** The canonical printing of a quantity (placeholder until implemented). */
final class CanonicalForm {
  private CanonicalForm() {}

  static String of(BigDecimal value, Quantity.Format format) {
    return value.toPlainString();
  }
}
