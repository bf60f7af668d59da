package io.migrationguard.core.quantity;

import java.util.Locale;

/**
 * Go's {@code strconv.ParseFloat(s, 64)}: which strings it accepts and the value it gives, for the
 * KubeVirt v1.9 stall-detector factors ({@code virtconfig.ParseFactor}). The grammar is Go's, not
 * Java's ({@code Double.parseDouble} also takes {@code "1d"}, {@code "1f"} and surrounding spaces):
 * an optional sign; decimal digits with at most one point and an optional {@code e} exponent, or
 * {@code 0x} hexadecimal digits with an optional point and a required {@code p} exponent;
 * underscores only between digits (Go's {@code underscoreOK}); {@code inf}, {@code infinity} and
 * {@code nan} in any case. The value is the correctly rounded double, as Go's is.
 */
public final class GoFloat {
  private GoFloat() {}

  /**
   * The value of {@code s}, or null when Go refuses its syntax. Overflow gives an infinity (Go
   * returns one with {@code ErrRange}: an error either way for a caller that wants finite values).
   */
  public static Double parse(String s) {
    // No length bound of its own, as Go has none: the request and file limits bound the input, and
    // every step here is linear in it.
    if (s.isEmpty()) {
      return null;
    }
    Double special = special(s);
    if (special != null) {
      return special;
    }
    int i = 0;
    boolean negative = false;
    if (s.charAt(0) == '+' || s.charAt(0) == '-') {
      negative = s.charAt(0) == '-';
      i = 1;
    }
    boolean hex =
        i + 2 < s.length() && s.charAt(i) == '0' && Character.toLowerCase(s.charAt(i + 1)) == 'x';
    StringBuilder clean = new StringBuilder(s.length());
    clean.append(negative ? '-' : '+');
    if (hex) {
      clean.append("0x");
      i += 2;
    }
    boolean dot = false;
    boolean digits = false;
    for (; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '_') {
        continue;
      } else if (c == '.' && !dot) {
        dot = true;
        clean.append(c);
      } else if (c >= '0' && c <= '9' || hex && isHexLetter(c)) {
        digits = true;
        clean.append(c);
      } else {
        break;
      }
    }
    if (!digits) {
      return null;
    }
    char exponent = hex ? 'p' : 'e';
    if (i < s.length() && Character.toLowerCase(s.charAt(i)) == exponent) {
      i++;
      clean.append(exponent);
      if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
        clean.append(s.charAt(i));
        i++;
      }
      if (i >= s.length() || s.charAt(i) < '0' || s.charAt(i) > '9') {
        return null;
      }
      int e = 0;
      for (;
          i < s.length() && (s.charAt(i) >= '0' && s.charAt(i) <= '9' || s.charAt(i) == '_');
          i++) {
        if (s.charAt(i) != '_' && e < 10000) {
          e = e * 10 + s.charAt(i) - '0'; // Go caps it too: the value is 0 or infinite by then
        }
      }
      clean.append(e);
    } else if (hex) {
      return null; // a hexadecimal float must have a p exponent
    }
    if (i != s.length() || s.indexOf('_') >= 0 && !underscoresOk(s)) {
      return null;
    }
    return Double.parseDouble(clean.toString());
  }

  private static boolean isHexLetter(char c) {
    char l = Character.toLowerCase(c);
    return l >= 'a' && l <= 'f';
  }

  /** Whether {@code s} spells an infinity or NaN itself (rather than overflowing to one). */
  public static boolean isSpecial(String s) {
    return special(s) != null;
  }

  /** Go's {@code special}: {@code [+-]inf}, {@code [+-]infinity}, {@code nan}, any case. */
  private static Double special(String s) {
    String lower = s.toLowerCase(Locale.ROOT);
    String body = lower.startsWith("+") || lower.startsWith("-") ? lower.substring(1) : lower;
    if (body.equals("inf") || body.equals("infinity")) {
      return lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    return lower.equals("nan") ? Double.NaN : null;
  }

  /**
   * Go's {@code underscoreOK}: an underscore only between two digits, or between a base prefix and
   * a digit.
   */
  private static boolean underscoresOk(String s) {
    char saw = '^';
    int i = 0;
    if (!s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
      s = s.substring(1);
    }
    boolean hex = false;
    if (s.length() >= 2
        && s.charAt(0) == '0'
        && "box".indexOf(Character.toLowerCase(s.charAt(1))) >= 0) {
      i = 2;
      saw = '0';
      hex = Character.toLowerCase(s.charAt(1)) == 'x';
    }
    for (; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= '0' && c <= '9' || hex && isHexLetter(c)) {
        saw = '0';
        continue;
      }
      if (c == '_') {
        if (saw != '0') {
          return false;
        }
        saw = '_';
        continue;
      }
      if (saw == '_') {
        return false;
      }
      saw = '!';
    }
    return saw != '_';
  }
}
