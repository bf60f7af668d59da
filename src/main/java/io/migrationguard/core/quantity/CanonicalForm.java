package io.migrationguard.core.quantity;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The canonical string of a quantity, as apimachinery's {@code CanonicalizeBytes} prints it: no
 * fraction digits, the largest suffix that loses nothing, the format remembered ({@code 1e3} stays
 * an exponent, {@code 1000} becomes {@code 1k}).
 */
final class CanonicalForm {
  private static final BigInteger TEN = BigInteger.TEN;
  private static final BigInteger KI = BigInteger.valueOf(1024);
  private static final BigDecimal KI_DEC = BigDecimal.valueOf(1024);

  private CanonicalForm() {}

  static String of(BigDecimal value, Quantity.Format format) {
    if (value.signum() == 0) {
      return "0";
    }
    String sign = value.signum() < 0 ? "-" : "";
    BigDecimal magnitude = value.abs();
    if (format == Quantity.Format.BINARY_SI
        && magnitude.compareTo(KI_DEC) >= 0
        && isInteger(magnitude)) {
      return sign + binary(magnitude.toBigIntegerExact());
    }
    Quantity.Format decimalFormat =
        format == Quantity.Format.DECIMAL_EXPONENT
            ? Quantity.Format.DECIMAL_EXPONENT
            : Quantity.Format.DECIMAL_SI;
    return sign + decimal(magnitude, decimalFormat);
  }

  private static String binary(BigInteger v) {
    int power = 0;
    while (power < 6) {
      BigInteger[] qr = v.divideAndRemainder(KI);
      if (qr[1].signum() != 0) {
        break;
      }
      v = qr[0];
      power++;
    }
    return v + Suffix.binarySuffix(power);
  }

  private static String decimal(BigDecimal magnitude, Quantity.Format format) {
    BigInteger mantissa = magnitude.unscaledValue();
    int exponent = -magnitude.scale();
    while (mantissa.signum() != 0) {
      BigInteger[] qr = mantissa.divideAndRemainder(TEN);
      if (qr[1].signum() != 0) {
        break;
      }
      mantissa = qr[0];
      exponent++;
    }
    // Lower the exponent to a multiple of 3 (towards minus infinity, as Go's loop does).
    while (Math.floorMod(exponent, 3) != 0) {
      mantissa = mantissa.multiply(TEN);
      exponent--;
    }
    if (format == Quantity.Format.DECIMAL_EXPONENT) {
      return exponent == 0 ? mantissa.toString() : mantissa + "e" + exponent;
    }
    String suffix = Suffix.decimalSuffix(exponent);
    // Unreachable for parsed values (range-checked below 10^21 and rounded to nano).
    return suffix == null ? mantissa + "e" + exponent : mantissa + suffix;
  }

  private static boolean isInteger(BigDecimal v) {
    return v.signum() == 0 || v.stripTrailingZeros().scale() <= 0;
  }
}
