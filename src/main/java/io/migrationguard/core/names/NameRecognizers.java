package io.migrationguard.core.names;

/**
 * Allocation-free recognisers for the valid forms {@link LabelSyntax} checks, so that the common
 * case (a valid name or label) costs a scan of its characters instead of a regex match, a {@code
 * split} and a UTF-8 encoding. Each returns true only for a string that {@link LabelSyntax} accepts
 * with no error; anything else (including every non-ASCII string, which the ASCII-only patterns
 * reject anyway) returns false and goes down the regex path that words the errors. {@code
 * NameRecognizersTest} holds them equal to the patterns and limits.
 */
final class NameRecognizers {
  private NameRecognizers() {}

  /**
   * A label-key name part or non-empty label value: {@code
   * ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]} and at most 63 characters.
   */
  static boolean qualifiedName(String s, int from, int to) {
    int n = to - from;
    if (n < 1 || n > LabelSyntax.LABEL_MAX_LENGTH) {
      return false;
    }
    if (!alnum(s.charAt(from)) || !alnum(s.charAt(to - 1))) {
      return false;
    }
    for (int i = from + 1; i < to - 1; i++) {
      char c = s.charAt(i);
      if (!alnum(c) && c != '-' && c != '_' && c != '.') {
        return false;
      }
    }
    return true;
  }

  /** A valid label key: {@code [prefix/]name}, the prefix a DNS-1123 subdomain. */
  static boolean labelKey(String key) {
    int slash = key.indexOf('/');
    if (slash < 0) {
      return qualifiedName(key, 0, key.length());
    }
    if (key.indexOf('/', slash + 1) >= 0) {
      return false;
    }
    return dns1123Subdomain(key, 0, slash) && qualifiedName(key, slash + 1, key.length());
  }

  /** A valid label value: empty or a qualified name. */
  static boolean labelValue(String s) {
    return s.isEmpty() || qualifiedName(s, 0, s.length());
  }

  /** {@code [a-z0-9]([-a-z0-9]*[a-z0-9])?}, at most 63 characters. */
  static boolean dns1123Label(String s) {
    return s.length() <= LabelSyntax.LABEL_MAX_LENGTH && dnsLabelForm(s, 0, s.length());
  }

  /** DNS-1123 labels joined by dots, at most 253 characters. */
  static boolean dns1123Subdomain(String s, int from, int to) {
    return to - from <= LabelSyntax.SUBDOMAIN_MAX_LENGTH && dns1123SubdomainForm(s, from, to);
  }

  /** The form of a DNS-1123 subdomain, whatever its length. */
  static boolean dns1123SubdomainForm(String s, int from, int to) {
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || s.charAt(i) == '.') {
        if (!dnsLabelForm(s, start, i)) {
          return false;
        }
        start = i + 1;
      }
    }
    return true;
  }

  private static boolean dnsLabelForm(String s, int from, int to) {
    if (to <= from || !lowerAlnum(s.charAt(from)) || !lowerAlnum(s.charAt(to - 1))) {
      return false;
    }
    for (int i = from + 1; i < to - 1; i++) {
      char c = s.charAt(i);
      if (!lowerAlnum(c) && c != '-') {
        return false;
      }
    }
    return true;
  }

  private static boolean alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }

  private static boolean lowerAlnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  }
}
