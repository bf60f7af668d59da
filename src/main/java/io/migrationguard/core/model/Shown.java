package io.migrationguard.core.model;

/**
 * The one rule for echoing input in a message, used by every finding of the engine and the lint: a
 * value (or a field name) longer than {@value #MAX_CHARS} characters is shown as its first {@value
 * #PREFIX_CHARS} characters, {@code ...} and its length, so a 10 MB value never reaches a reply, a
 * log or a report: {@code "aaaa...aaaa..." (300000 characters)}. Shorter text is shown whole.
 * Characters are Unicode code points.
 */
public final class Shown {
  /** Text up to this many characters is shown whole. */
  public static final int MAX_CHARS = 256;

  /** How much of longer text is shown. */
  public static final int PREFIX_CHARS = 64;

  private Shown() {}

  /** A string value Go-quoted ({@link GoQuote}), cut when it is too long. */
  public static String quoted(String s) {
    int n = overLength(s);
    return n < 0 ? GoQuote.quote(s) : GoQuote.quote(prefix(s) + "...") + note(n);
  }

  /** Unquoted text (a number, a JSON rendering, a field name), cut when it is too long. */
  public static String plain(String s) {
    int n = overLength(s);
    return n < 0 ? s : prefix(s) + "..." + note(n);
  }

  /** The length in code points when over the limit, else -1 (cheap for short text). */
  private static int overLength(String s) {
    if (s.length() <= MAX_CHARS) {
      return -1;
    }
    int n = s.codePointCount(0, s.length());
    return n > MAX_CHARS ? n : -1;
  }

  private static String prefix(String s) {
    return s.substring(0, s.offsetByCodePoints(0, PREFIX_CHARS));
  }

  private static String note(int n) {
    return " (" + n + " characters)";
  }
}
