package io.migrationguard.core.rules.policy;

import io.migrationguard.core.model.GoQuote;
import io.migrationguard.core.quantity.GoFloat;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A stall-detector factor as KubeVirt v1.9 reads it: {@code virtconfig.ParseFactor(s, 3)} (spaces
 * trimmed as Go's {@code strings.TrimSpace} trims them, {@code strconv.ParseFloat}, finite, at most
 * 3 decimal places by KubeVirt's float test) and the admitter's range check, with KubeVirt's
 * messages.
 */
final class GoFactor {
  private GoFactor() {}

  private static final int PRECISION = 3;

  /**
   * The first thing wrong with factor {@code raw} in {@code [low, high]} ({@code (low, ...} when
   * exclusive), or null.
   */
  static String problem(String raw, BigDecimal low, boolean lowExclusive, BigDecimal high) {
    String s = trimSpace(raw);
    String quoted = GoQuote.quote(s);
    if (s.isEmpty()) {
      return "invalid factor " + quoted;
    }
    Double parsed = GoFloat.parse(s);
    if (parsed == null) {
      return "invalid factor "
          + quoted
          + ": strconv.ParseFloat: parsing "
          + quoted
          + ": invalid syntax";
    }
    double value = parsed;
    if (Double.isInfinite(value) && !GoFloat.isSpecial(s)) {
      // Go's ParseFloat returns ErrRange with the infinity it overflowed to.
      return "invalid factor "
          + quoted
          + ": strconv.ParseFloat: parsing "
          + quoted
          + ": value out of range";
    }
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return "invalid factor " + quoted;
    }
    // KubeVirt's validateFactorValuePrecision: FormatFloat(v, 'f', 3) read back, off by > 1e-9.
    double rounded =
        Double.parseDouble(
            new BigDecimal(value).setScale(PRECISION, RoundingMode.HALF_EVEN).toPlainString());
    if (Math.abs(value - rounded) > 1e-9) {
      return "invalid factor " + quoted + ": must have at most " + PRECISION + " decimal places";
    }
    double min = low.doubleValue();
    if (lowExclusive ? value <= min : value < min) {
      return (lowExclusive ? "must be greater than " : "must be greater than or equal to ")
          + low.toPlainString();
    }
    if (high != null && value > high.doubleValue()) {
      return "must be less than or equal to " + high.toPlainString();
    }
    return null;
  }

  /** Go's {@code strings.TrimSpace}: Unicode White_Space at both ends. */
  static String trimSpace(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && isSpace(s.charAt(start))) {
      start++;
    }
    while (end > start && isSpace(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(start, end);
  }

  /** Go's {@code unicode.IsSpace}. */
  private static boolean isSpace(char c) {
    return switch (c) {
      case '\t',
          '\n',
          0x0B,
          '\f',
          '\r',
          ' ',
          0x85,
          0xA0,
          0x1680,
          0x2028,
          0x2029,
          0x202F,
          0x205F,
          0x3000 ->
          true;
      default -> c >= 0x2000 && c <= 0x200A;
    };
  }
}
