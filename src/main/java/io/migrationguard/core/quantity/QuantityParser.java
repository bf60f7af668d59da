package io.migrationguard.core.quantity;

import io.migrationguard.core.model.StringMemo;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Parses a Quantity string the way apimachinery's {@code ParseQuantity} does, but only after the
 * string also matches KubeVirt's CRD pattern (so {@code "-"}, {@code "."} and {@code "Ki"}, which
 * the Go parser alone accepts as zero, are rejected, and {@code 1e1.5}, which the pattern alone
 * accepts, is rejected by the grammar).
 *
 * <p>Hostile input is bounded before any arithmetic: at most {@value #MAX_DIGITS} digits, an
 * exponent of at most {@value #MAX_EXPONENT} in magnitude, and decimal values below 10^21.
 */
final class QuantityParser {
  static final int MAX_DIGITS = 1000;
  static final int MAX_EXPONENT = 10_000;

  private static final BigDecimal MAX_BINARY = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final BigDecimal DECIMAL_LIMIT = BigDecimal.TEN.pow(21);
  private static final int NANO_SCALE = 9;

  /**
   * Quantities parsed lately: a cluster's policies and reviews spell the same few ("1Gi", "64Mi"),
   * and two rules of one review parse the same field. A parse is immutable and depends on the
   * string alone.
   */
  private static final StringMemo<QuantityParse> RECENT = new StringMemo<>(256, 32);

  private QuantityParser() {}

  static QuantityParse parse(String s) {
    if (s == null) {
      return parseUncached(null);
    }
    QuantityParse known = RECENT.get(s);
    if (known == null) {
      known = parseUncached(s);
      RECENT.put(s, known);
    }
    return known;
  }

  private static QuantityParse parseUncached(String s) {
    if (s == null || s.isEmpty()) {
      return QuantityParse.bad("quantities must match the regular expression " + patternText());
    }
    // Longest legal spelling: sign, MAX_DIGITS digits and a dot, an exponent of ~6 characters.
    if (s.length() > MAX_DIGITS + 16) {
      return QuantityParse.bad(
          "too long: a quantity has at most " + MAX_DIGITS + " digits (got " + s.length() + ")");
    }
    if (!QuantitySyntax.matchesCrdPattern(s)) {
      return QuantityParse.bad("quantities must match the regular expression " + patternText());
    }
    return parseGo(s);
  }

  /**
   * The grammar of docs/architecture.md#quantities, with Go's semantics; {@code s} already matched
   * the pattern.
   */
  private static QuantityParse parseGo(String s) {
    int pos = 0;
    boolean negative = false;
    if (s.charAt(0) == '+' || s.charAt(0) == '-') {
      negative = s.charAt(0) == '-';
      pos++;
    }
    int numStart = pos;
    while (pos < s.length() && isDigit(s.charAt(pos))) {
      pos++;
    }
    String num = s.substring(numStart, pos);
    String denom = "";
    if (pos < s.length() && s.charAt(pos) == '.') {
      int denomStart = ++pos;
      while (pos < s.length() && isDigit(s.charAt(pos))) {
        pos++;
      }
      denom = s.substring(denomStart, pos);
    }
    if (num.length() + denom.length() > MAX_DIGITS) {
      return QuantityParse.bad("too many digits: at most " + MAX_DIGITS + " are allowed");
    }
    Suffix suffix = Suffix.interpret(s.substring(pos));
    if (suffix == null) {
      return QuantityParse.bad("unable to parse quantity's suffix");
    }
    if (suffix.outOfRange()) {
      return QuantityParse.bad("exponent out of range: at most " + MAX_EXPONENT + " in magnitude");
    }
    BigDecimal magnitude = magnitude(num, denom);
    return build(negative, magnitude, suffix);
  }

  private static QuantityParse build(boolean negative, BigDecimal magnitude, Suffix suffix) {
    if (suffix.base() == 10) {
      magnitude = magnitude.movePointRight(suffix.exponent());
    } else {
      magnitude = magnitude.multiply(powerOfTwo(suffix.exponent()));
    }
    if (magnitude.signum() != 0 && magnitude.scale() > NANO_SCALE) {
      // Go rounds non-zero values up to the next nano: "if you want some, you get some".
      magnitude = magnitude.setScale(NANO_SCALE, RoundingMode.UP);
    }
    Quantity.Format format = suffix.format();
    if (format == Quantity.Format.BINARY_SI) {
      if (magnitude.compareTo(MAX_BINARY) > 0) {
        magnitude = MAX_BINARY;
      }
    } else if (magnitude.compareTo(DECIMAL_LIMIT) >= 0) {
      return QuantityParse.bad("out of range: decimal quantities must be less than 10^21");
    }
    BigDecimal value = negative ? magnitude.negate() : magnitude;
    return QuantityParse.of(new Quantity(value, format));
  }

  /** The exact value of {@code num.denom}; a long when it fits (the usual case: "64", "1.5"). */
  private static BigDecimal magnitude(String num, String denom) {
    if (num.length() + denom.length() <= 18) {
      long unscaled = num.isEmpty() ? 0 : Long.parseLong(num);
      for (int i = 0; i < denom.length(); i++) {
        unscaled = unscaled * 10 + (denom.charAt(i) - '0');
      }
      return BigDecimal.valueOf(unscaled, denom.length());
    }
    return new BigDecimal(new BigInteger("0" + num + denom), denom.length());
  }

  // 2^0 .. 2^60 cover every binary suffix (Ki .. Ei); built once instead of on every parse.
  private static final BigDecimal[] POWERS_OF_TWO = new BigDecimal[61];

  static {
    for (int i = 0; i < POWERS_OF_TWO.length; i++) {
      POWERS_OF_TWO[i] = new BigDecimal(BigInteger.ONE.shiftLeft(i));
    }
  }

  private static BigDecimal powerOfTwo(int exponent) {
    return exponent >= 0 && exponent < POWERS_OF_TWO.length
        ? POWERS_OF_TWO[exponent]
        : new BigDecimal(BigInteger.ONE.shiftLeft(exponent));
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  static String patternText() {
    return "'" + QuantitySyntax.CRD_PATTERN + "'";
  }
}
