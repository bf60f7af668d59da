package io.migrationguard.core.schema;

import com.networknt.schema.ExecutionContext;
import com.networknt.schema.format.Format;

/**
 * The {@code date-time} format as the API server checks it ({@code strfmt.IsDateTime}): {@code
 * YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)}, {@code T} and {@code Z} in either case, a real
 * calendar date, hours to 23, minutes and seconds to 59 (no leap second). Stricter than
 * kube-openapi only where it is sloppy: the fraction must start with {@code .} and the offset must
 * be a real one (hours to 23, minutes to 59). A linear scan, no regex, so a huge string costs a
 * single pass.
 */
final class Rfc3339 implements Format {
  static final String NAME = "date-time";

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public boolean matches(ExecutionContext context, String value) {
    return isDateTime(value);
  }

  /** Whether {@code s} is an RFC 3339 date-time the API server accepts. */
  static boolean isDateTime(String s) {
    if (s.length() < 20 || !isDate(s) || (s.charAt(10) != 'T' && s.charAt(10) != 't')) {
      return false;
    }
    if (!isTwoDigitsAtMost(s, 11, 23)
        || s.charAt(13) != ':'
        || !isTwoDigitsAtMost(s, 14, 59)
        || s.charAt(16) != ':'
        || !isTwoDigitsAtMost(s, 17, 59)) {
      return false;
    }
    int i = 19;
    if (s.charAt(i) == '.') {
      int start = ++i;
      while (i < s.length() && isDigit(s.charAt(i))) {
        i++;
      }
      if (i == start) {
        return false;
      }
    }
    return isOffset(s, i);
  }

  private static boolean isDate(String s) {
    if (!allDigits(s, 0, 4) || s.charAt(4) != '-' || s.charAt(7) != '-') {
      return false;
    }
    if (!allDigits(s, 5, 2) || !allDigits(s, 8, 2)) {
      return false;
    }
    int year = Integer.parseInt(s, 0, 4, 10);
    int month = Integer.parseInt(s, 5, 7, 10);
    int day = Integer.parseInt(s, 8, 10, 10);
    return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
  }

  private static boolean isOffset(String s, int i) {
    int rest = s.length() - i;
    if (rest == 1) {
      return s.charAt(i) == 'Z' || s.charAt(i) == 'z';
    }
    return rest == 6
        && (s.charAt(i) == '+' || s.charAt(i) == '-')
        && isTwoDigitsAtMost(s, i + 1, 23)
        && s.charAt(i + 3) == ':'
        && isTwoDigitsAtMost(s, i + 4, 59);
  }

  private static int daysIn(int year, int month) {
    return switch (month) {
      case 4, 6, 9, 11 -> 30;
      case 2 -> (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28;
      default -> 31;
    };
  }

  private static boolean isTwoDigitsAtMost(String s, int at, int max) {
    return allDigits(s, at, 2) && Integer.parseInt(s, at, at + 2, 10) <= max;
  }

  private static boolean allDigits(String s, int from, int count) {
    if (from + count > s.length()) {
      return false;
    }
    for (int i = from; i < from + count; i++) {
      if (!isDigit(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
