package io.migrationguard.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * The lexical pieces of {@link BlockYaml}: keys, one-line scalars, sequence dashes. Each either
 * reads its piece exactly as SnakeYAML would, or throws {@link Decline} so that SnakeYAML reads the
 * document instead.
 */
final class BlockTokens {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** Thrown to give the document to SnakeYAML; cheap (no stack trace, one shared instance). */
  static final class Decline extends Exception {
    static final Decline INSTANCE = new Decline();

    private Decline() {
      super(null, null, false, false);
    }
  }

  private BlockTokens() {}

  /** The index of the colon ending a key that starts at {@code from}, or -1 if not a key. */
  static int keyEnd(String t, int from) throws Decline {
    char c = t.charAt(from);
    if (c == '"' || c == '\'') {
      int close = closingQuote(t, from);
      boolean key = close + 1 < t.length() && t.charAt(close + 1) == ':';
      return key && colonEnds(t, close + 1) ? close + 1 : -1;
    }
    for (int i = from; i < t.length(); i++) {
      char ch = t.charAt(i);
      if (ch == ':' && colonEnds(t, i)) {
        return i;
      }
      if (ch == '#' && t.charAt(i - 1) == ' ') {
        return -1;
      }
    }
    return -1;
  }

  static boolean colonEnds(String t, int i) {
    return i + 1 == t.length() || t.charAt(i + 1) == ' ';
  }

  static String key(String t, int from, int colon) throws Decline {
    char c = t.charAt(from);
    if (c == '"' || c == '\'') {
      return quoted(t, from, colon - 1);
    }
    String k = t.substring(from, colon).stripTrailing();
    if (k.isEmpty() || startsSpecial(k) || k.equals("<<") || k.contains(" #")) {
      throw Decline.INSTANCE;
    }
    return YamlScalars.key(k);
  }

  static JsonNode scalar(String t, int from) throws Decline {
    char c = t.charAt(from);
    if (c == '"' || c == '\'') {
      int close = closingQuote(t, from);
      int after = skipSpaces(t, close + 1);
      if (after < t.length() && (t.charAt(after) != '#' || after == close + 1)) {
        throw Decline.INSTANCE;
      }
      return NODES.textNode(quoted(t, from, close));
    }
    int end = t.length();
    int hash = t.indexOf(" #", from);
    if (hash >= 0) {
      end = hash;
    }
    String s = t.substring(from, end).stripTrailing();
    if (s.equals("[]")) {
      return NODES.arrayNode();
    }
    if (s.equals("{}")) {
      return NODES.objectNode();
    }
    if (startsSpecial(s) || s.contains(": ") || s.endsWith(":")) {
      throw Decline.INSTANCE;
    }
    try {
      return YamlScalars.resolve(s);
    } catch (IllegalArgumentException e) {
      throw Decline.INSTANCE;
    }
  }

  /** Plain scalars may not start with an indicator; leave all of those to SnakeYAML. */
  static boolean startsSpecial(String s) {
    char c = s.charAt(0);
    if ("[]{},#&*!|>'\"%@`".indexOf(c) >= 0) {
      return true;
    }
    return (c == '-' || c == '?' || c == ':') && (s.length() == 1 || s.charAt(1) == ' ');
  }

  /** The closing quote of the one-line quoted scalar opening at {@code from}. */
  static int closingQuote(String t, int from) throws Decline {
    char q = t.charAt(from);
    for (int i = from + 1; i < t.length(); i++) {
      char ch = t.charAt(i);
      if (q == '"' && ch == '\\') {
        throw Decline.INSTANCE; // escapes: SnakeYAML
      }
      if (ch == q) {
        if (q == '\'' && i + 1 < t.length() && t.charAt(i + 1) == '\'') {
          i++;
          continue;
        }
        return i;
      }
    }
    throw Decline.INSTANCE; // continues on the next line
  }

  static String quoted(String t, int open, int close) {
    String body = t.substring(open + 1, close);
    return t.charAt(open) == '\'' ? body.replace("''", "'") : body;
  }

  static boolean isSeqItemAt(String t, int i) {
    return t.charAt(i) == '-' && (i + 1 == t.length() || t.charAt(i + 1) == ' ');
  }

  static int skipSpaces(String t, int i) {
    while (i < t.length() && t.charAt(i) == ' ') {
      i++;
    }
    return i;
  }
}
