package io.migrationguard.cli.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.cli.read.BlockLines.Line;
import java.util.List;

/**
 * A fast path for the YAML manifests are almost always written in: block mappings and sequences,
 * one-line plain or quoted scalars, comments. It builds exactly the tree, positions and duplicate
 * keys SnakeYAML would (a differential test holds it to that), several times faster. Anything else
 * (anchors, tags, block or multi-line scalars, flow collections, escapes, odd indentation, errors)
 * makes it decline, and the document goes to SnakeYAML.
 */
final class BlockYaml {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final int MAX_DEPTH = 64;

  /** Thrown to give the document to SnakeYAML; cheap (no stack trace). */
  private static final class Decline extends Exception {
    static final Decline INSTANCE = new Decline();

    private Decline() {
      super(null, null, false, false);
    }
  }

  private final List<Line> lines;
  private final int lineOffset;
  private final TreeBuilder builder = new TreeBuilder();
  private int cur;

  private BlockYaml(List<Line> lines, int lineOffset) {
    this.lines = lines;
    this.lineOffset = lineOffset;
  }

  /** Reads one document into {@code out}; false (and nothing added) when it declines. */
  static boolean tryRead(String chunk, int lineOffset, List<Document> out) {
    List<Line> lines = BlockLines.of(chunk);
    if (lines == null) {
      return false;
    }
    if (lines.isEmpty()) {
      return true;
    }
    BlockYaml p = new BlockYaml(lines, lineOffset);
    try {
      Line first = lines.get(0);
      if (first.indent != 0 || isSeqItem(first)) {
        return false;
      }
      p.mapping(0, 0);
      if (p.cur != lines.size()) {
        return false;
      }
    } catch (Decline | DecodeException | RuntimeException e) {
      return false;
    }
    TreeBuilder b = p.builder;
    out.add(
        new Document(
            out.size() + 1,
            b.root(),
            b.rootLoc(),
            b.locations(),
            List.copyOf(b.duplicates()),
            null));
    return true;
  }

  private void mapping(int indent, int depth) throws Decline, DecodeException {
    if (depth > MAX_DEPTH) {
      throw Decline.INSTANCE;
    }
    Line line = lines.get(cur);
    builder.startObject(loc(line, line.indent));
    while (cur < lines.size()) {
      line = lines.get(cur);
      if (line.indent < indent || (line.indent == indent && isSeqItem(line))) {
        break;
      }
      if (line.indent > indent) {
        throw Decline.INSTANCE; // a multi-line scalar or bad indentation: SnakeYAML decides
      }
      int colon = keyEnd(line.text, line.indent);
      if (colon < 0) {
        throw Decline.INSTANCE;
      }
      builder.key(key(line.text, line.indent, colon), loc(line, line.indent));
      int v = skipSpaces(line.text, colon + 1);
      if (v < line.text.length() && line.text.charAt(v) != '#') {
        builder.value(scalar(line.text, v), loc(line, v), 1);
        cur++;
        continue;
      }
      cur++;
      nested(indent, depth);
    }
    builder.end();
  }

  /** The value of a key with nothing after its colon: a nested block, or null. */
  private void nested(int indent, int depth) throws Decline, DecodeException {
    Line next = cur < lines.size() ? lines.get(cur) : null;
    if (next != null && next.indent > indent) {
      if (isSeqItem(next)) {
        sequence(next.indent, depth + 1);
      } else {
        mapping(next.indent, depth + 1);
      }
    } else if (next != null && next.indent == indent && isSeqItem(next)) {
      sequence(indent, depth + 1); // the sequence may sit at the key's own indentation
    } else {
      builder.value(NODES.nullNode(), Loc.START, 1);
    }
  }

  private void sequence(int indent, int depth) throws Decline, DecodeException {
    if (depth > MAX_DEPTH) {
      throw Decline.INSTANCE;
    }
    Line line = lines.get(cur);
    builder.startArray(loc(line, line.indent));
    while (cur < lines.size()) {
      line = lines.get(cur);
      if (line.indent < indent || (line.indent == indent && !isSeqItem(line))) {
        break;
      }
      if (line.indent > indent) {
        throw Decline.INSTANCE;
      }
      int v = skipSpaces(line.text, indent + 1);
      if (v >= line.text.length() || line.text.charAt(v) == '#' || v == indent + 1) {
        throw Decline.INSTANCE; // "-" alone, or "-x": leave to SnakeYAML
      }
      char c = line.text.charAt(v);
      if (c == '-' && isSeqItemAt(line.text, v)) {
        throw Decline.INSTANCE; // "- - x"
      }
      if (keyEnd(line.text, v) >= 0) {
        line.indent = v; // "- key: value" opens a mapping at the key's column
        mapping(v, depth + 1);
        continue;
      }
      builder.value(scalar(line.text, v), loc(line, v), 1);
      cur++;
    }
    builder.end();
  }

  /** The index of the colon ending a key that starts at {@code from}, or -1 if not a key. */
  private static int keyEnd(String t, int from) throws Decline {
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

  private static boolean colonEnds(String t, int i) {
    return i + 1 == t.length() || t.charAt(i + 1) == ' ';
  }

  private static String key(String t, int from, int colon) throws Decline {
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

  private static JsonNode scalar(String t, int from) throws Decline {
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
  private static boolean startsSpecial(String s) {
    char c = s.charAt(0);
    if ("[]{},#&*!|>'\"%@`".indexOf(c) >= 0) {
      return true;
    }
    return (c == '-' || c == '?' || c == ':') && (s.length() == 1 || s.charAt(1) == ' ');
  }

  /** The closing quote of the one-line quoted scalar opening at {@code from}. */
  private static int closingQuote(String t, int from) throws Decline {
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

  private static String quoted(String t, int open, int close) {
    String body = t.substring(open + 1, close);
    return t.charAt(open) == '\'' ? body.replace("''", "'") : body;
  }

  private static boolean isSeqItem(Line l) {
    return isSeqItemAt(l.text, l.indent);
  }

  private static boolean isSeqItemAt(String t, int i) {
    return t.charAt(i) == '-' && (i + 1 == t.length() || t.charAt(i + 1) == ' ');
  }

  private static int skipSpaces(String t, int i) {
    while (i < t.length() && t.charAt(i) == ' ') {
      i++;
    }
    return i;
  }

  private Loc loc(Line line, int column) {
    return new Loc(line.no + 1 + lineOffset, column + 1);
  }
}
