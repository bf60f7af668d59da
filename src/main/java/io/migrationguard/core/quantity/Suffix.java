package io.migrationguard.core.quantity;

/**
 * A Quantity suffix as apimachinery's {@code quantitySuffixer.interpret} reads it: binary SI
 * ({@code Ki}..{@code Ei}), decimal SI ({@code n}..{@code E}, and none), or a decimal exponent
 * ({@code e3}, {@code E-3}: a bare {@code E} is exa).
 *
 * @param base 2 or 10
 * @param exponent power of the base
 * @param format the format it implies
 * @param outOfRange an exponent beyond {@link QuantityParser#MAX_EXPONENT}
 */
record Suffix(int base, int exponent, Quantity.Format format, boolean outOfRange) {
  private static final String[] DECIMAL = {"n", "u", "m", "", "k", "M", "G", "T", "P", "E"};
  private static final String[] BINARY = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

  /** The suffix, or null when it is not one. */
  static Suffix interpret(String s) {
    for (int i = 0; i < DECIMAL.length; i++) {
      if (DECIMAL[i].equals(s)) {
        return new Suffix(10, (i - 3) * 3, Quantity.Format.DECIMAL_SI, false);
      }
    }
    for (int i = 1; i < BINARY.length; i++) {
      if (BINARY[i].equals(s)) {
        return new Suffix(2, i * 10, Quantity.Format.BINARY_SI, false);
      }
    }
    if (s.length() > 1 && (s.charAt(0) == 'e' || s.charAt(0) == 'E')) {
      return exponent(s.substring(1));
    }
    return null;
  }

  private static Suffix exponent(String s) {
    int pos = 0;
    boolean negative = false;
    if (s.charAt(0) == '+' || s.charAt(0) == '-') {
      negative = s.charAt(0) == '-';
      pos++;
    }
    if (pos == s.length()) {
      return null;
    }
    for (int i = pos; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return null;
      }
    }
    while (pos < s.length() - 1 && s.charAt(pos) == '0') {
      pos++;
    }
    String digits = s.substring(pos);
    if (digits.length() > 6) {
      return new Suffix(10, 0, Quantity.Format.DECIMAL_EXPONENT, true);
    }
    int exp = Integer.parseInt(digits);
    if (exp > QuantityParser.MAX_EXPONENT) {
      return new Suffix(10, 0, Quantity.Format.DECIMAL_EXPONENT, true);
    }
    return new Suffix(10, negative ? -exp : exp, Quantity.Format.DECIMAL_EXPONENT, false);
  }

  /** The decimal SI suffix for an exponent that is a multiple of 3 in -9..18, else null. */
  static String decimalSuffix(int exponent) {
    int i = exponent / 3 + 3;
    if (exponent % 3 != 0 || i < 0 || i >= DECIMAL.length) {
      return null;
    }
    return DECIMAL[i];
  }

  /** The binary SI suffix for a power of 1024 in 0..6. */
  static String binarySuffix(int power) {
    return BINARY[power];
  }
}
