package io.migrationguard.core.cel;

import io.migrationguard.core.model.GoQuote;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The characters {@link GoQuote} escapes that a policy can name: {@code "}, {@code \}, the ASCII
 * and C1 controls, and every format character and non-ASCII separator. Private-use, surrogate and
 * unassigned code points are escaped by the engine but shown as they are by a policy (listing them
 * would make the table a megabyte); docs/admission-policies.md says so.
 */
public final class EscapeTable {
  private static final Map<Integer, String> ESCAPES = build();

  private EscapeTable() {}

  /** Code point to the text {@link GoQuote} writes for it, without the quotes. */
  public static Map<Integer, String> escapes() {
    return ESCAPES;
  }

  /** The escaped characters as the body of an RE2 character class. */
  public static String regexClass() {
    StringBuilder sb = new StringBuilder();
    int start = -1;
    int prev = -2;
    for (int cp : ESCAPES.keySet()) {
      if (cp != prev + 1) {
        appendRange(sb, start, prev);
        start = cp;
      }
      prev = cp;
    }
    appendRange(sb, start, prev);
    return sb.toString();
  }

  private static void appendRange(StringBuilder sb, int start, int end) {
    if (start < 0) {
      return;
    }
    sb.append(String.format("\\x{%x}", start));
    if (end > start) {
      sb.append(String.format("-\\x{%x}", end));
    }
  }

  private static Map<Integer, String> build() {
    Map<Integer, String> out = new LinkedHashMap<>();
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      if (nameable(cp)) {
        String s = new String(Character.toChars(cp));
        String q = GoQuote.quote(s);
        String body = q.substring(1, q.length() - 1);
        if (!body.equals(s)) {
          out.put(cp, body);
        }
      }
    }
    return out;
  }

  private static boolean nameable(int cp) {
    if (cp < 0x80) {
      return true;
    }
    int type = Character.getType(cp);
    return type == Character.CONTROL
        || type == Character.FORMAT
        || type == Character.LINE_SEPARATOR
        || type == Character.PARAGRAPH_SEPARATOR
        || type == Character.SPACE_SEPARATOR;
  }
}
