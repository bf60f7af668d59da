package io.migrationguard.core.model;

import java.nio.charset.StandardCharsets;

/**
 * Go's {@code %q} for strings ({@code strconv.Quote}), so rendered values match what the Kubernetes
 * API server prints byte for byte: printable Unicode is kept, {@code "} and {@code \} are escaped,
 * control characters become {@code \n}, {@code \t}, {@code \x00} or {@code \u00ad}.
 */
public final class GoQuote {
  private GoQuote() {}

  /** The quoted form of {@code s}, including the surrounding double quotes. */
  public static String quote(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      appendRune(sb, cp);
    }
    return sb.append('"').toString();
  }

  private static void appendRune(StringBuilder sb, int cp) {
    switch (cp) {
      case '"' -> sb.append("\\\"");
      case '\\' -> sb.append("\\\\");
      case 0x07 -> sb.append("\\a");
      case '\b' -> sb.append("\\b");
      case '\f' -> sb.append("\\f");
      case '\n' -> sb.append("\\n");
      case '\r' -> sb.append("\\r");
      case '\t' -> sb.append("\\t");
      case 0x0B -> sb.append("\\v");
      default -> {
        if (isPrintable(cp)) {
          sb.appendCodePoint(cp);
        } else if (Character.isSurrogate((char) cp) && cp <= 0xFFFF) {
          sb.append("\\ufffd");
        } else if (cp < 0x80) {
          sb.append(String.format("\\x%02x", cp));
        } else if (cp <= 0xFFFF) {
          sb.append(String.format("\\u%04x", cp));
        } else {
          sb.append(String.format("\\U%08x", cp));
        }
      }
    }
  }

  private static boolean isPrintable(int cp) {
    if (cp < 0x20 || cp == 0x7F) {
      return false;
    }
    if (cp < 0x7F) {
      return true;
    }
    if (cp == 0x20) {
      return true;
    }
    int type = Character.getType(cp);
    return switch (type) {
      case Character.CONTROL,
          Character.FORMAT,
          Character.SURROGATE,
          Character.PRIVATE_USE,
          Character.UNASSIGNED,
          Character.LINE_SEPARATOR,
          Character.PARAGRAPH_SEPARATOR,
          Character.SPACE_SEPARATOR ->
          false;
      default -> true;
    };
  }

  /** UTF-8 byte length, the unit Kubernetes length limits are counted in. */
  public static int utf8Length(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }
}
