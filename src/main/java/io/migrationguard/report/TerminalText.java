package io.migrationguard.report;

import io.migrationguard.core.model.Shown;

/**
 * Text that came from an input (a name, a label, a file name) made safe to print on a terminal or a
 * CI log: control characters (C0, DEL, C1: ESC starts ANSI and OSC sequences, NUL and CR rewrite
 * lines), bidirectional controls (Trojan Source, CVE-2021-42574) and line or paragraph separators
 * are shown as {@code \\u{XXXX}} escapes, never sent; text over {@link Shown#MAX_CHARS} code points
 * is cut ({@link Shown#plain}).
 */
public final class TerminalText {
  private TerminalText() {}

  /** {@link #escape}d, and cut when over {@link Shown#MAX_CHARS} code points. */
  public static String safe(String s) {
    return s == null ? "" : escape(Shown.plain(s));
  }

  /**
   * One output line made safe: every unsafe character escaped, and a line that would start with
   * {@code ::} (a GitHub Actions workflow command, from a file named so) once the runner has
   * trimmed it starts with {@code \\u{003A}} there instead.
   */
  public static String line(String s) {
    String e = escape(s);
    int at = commandAt(e);
    return at < 0 ? e : e.substring(0, at) + "\\u{003A}" + e.substring(at + 1);
  }

  /**
   * Where {@code line} starts a workflow command once trimmed as the runner trims (JavaScript's
   * {@code trim()}: every Unicode space, the no-break ones included), or -1.
   */
  public static int commandAt(String line) {
    int i = 0;
    while (i < line.length()
        && (Character.isWhitespace(line.charAt(i)) || Character.isSpaceChar(line.charAt(i)))) {
      i++;
    }
    return line.startsWith("::", i) ? i : -1;
  }

  /**
   * Serialized JSON with every {@link #unsafe} character from U+007F up written as a {@code
   * \\uXXXX} escape: the same JSON value for a machine (below U+0020 the serializer escapes
   * already, and outside strings JSON has only ASCII), but a log or terminal that prints the report
   * shows no line separator, bidirectional override or C1 control raw.
   */
  public static String json(String serialized) {
    StringBuilder sb = null;
    for (int i = 0; i < serialized.length(); i++) {
      char c = serialized.charAt(i);
      boolean escape = c >= 0x7F && unsafe(c);
      if (escape && sb == null) {
        sb = new StringBuilder(serialized.length() + 16).append(serialized, 0, i);
      }
      if (sb != null) {
        if (escape) {
          sb.append(String.format("\\u%04X", (int) c));
        } else {
          sb.append(c);
        }
      }
    }
    return sb == null ? serialized : sb.toString();
  }

  /** Every character that {@link #unsafe} shown as {@code \\u{XXXX}}; the rest as is. */
  public static String escape(String cut) {
    if (cut == null) {
      return "";
    }
    StringBuilder sb = null;
    for (int i = 0; i < cut.length(); ) {
      int cp = cut.codePointAt(i);
      int n = Character.charCount(cp);
      boolean escape = unsafe(cp);
      if (escape && sb == null) {
        sb = new StringBuilder(cut.length() + 16).append(cut, 0, i);
      }
      if (sb != null) {
        if (escape) {
          sb.append(String.format("\\u{%04X}", cp));
        } else {
          sb.appendCodePoint(cp);
        }
      }
      i += n;
    }
    return sb == null ? cut : sb.toString();
  }

  /** Whether printing {@code cp} as is could change what a terminal or a log shows. */
  public static boolean unsafe(int cp) {
    return cp < 0x20
        || (cp >= 0x7F && cp <= 0x9F)
        || cp == 0x061C // Arabic letter mark
        || cp == 0x200E
        || cp == 0x200F // LRM, RLM
        || (cp >= 0x2028 && cp <= 0x202E) // line/paragraph separators, LRE..RLO
        || (cp >= 0x2066 && cp <= 0x2069) // LRI..PDI
        || cp == 0xFEFF; // BOM / zero-width no-break space
  }
}
