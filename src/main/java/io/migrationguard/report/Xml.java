package io.migrationguard.report;

/** XML 1.0 text and attribute escaping, dropping the characters XML 1.0 cannot carry. */
final class Xml {
  private Xml() {}

  static String escape(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&apos;");
        default -> {
          if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
            if (c != 0xFFFE && c != 0xFFFF) {
              sb.append(c);
            }
          }
        }
      }
    }
    return sb.toString();
  }
}
