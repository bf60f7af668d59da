package io.migrationguard.manifest;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.manifest.BlockLines.Line;
import io.migrationguard.manifest.BlockTokens.Decline;
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
    out.add(b.document(out.size() + 1));
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
      int colon = BlockTokens.keyEnd(line.text, line.indent);
      if (colon < 0) {
        throw Decline.INSTANCE;
      }
      builder.key(BlockTokens.key(line.text, line.indent, colon), loc(line, line.indent));
      int v = BlockTokens.skipSpaces(line.text, colon + 1);
      if (v < line.text.length() && line.text.charAt(v) != '#') {
        builder.value(BlockTokens.scalar(line.text, v), loc(line, v), 1);
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
      int v = BlockTokens.skipSpaces(line.text, indent + 1);
      if (v >= line.text.length() || line.text.charAt(v) == '#' || v == indent + 1) {
        throw Decline.INSTANCE; // "-" alone, or "-x": leave to SnakeYAML
      }
      char c = line.text.charAt(v);
      if (c == '-' && BlockTokens.isSeqItemAt(line.text, v)) {
        throw Decline.INSTANCE; // "- - x"
      }
      if (BlockTokens.keyEnd(line.text, v) >= 0) {
        line.indent = v; // "- key: value" opens a mapping at the key's column
        mapping(v, depth + 1);
        continue;
      }
      builder.value(BlockTokens.scalar(line.text, v), loc(line, v), 1);
      cur++;
    }
    builder.end();
  }

  private static boolean isSeqItem(Line l) {
    return BlockTokens.isSeqItemAt(l.text, l.indent);
  }

  private Loc loc(Line line, int column) {
    return new Loc(line.no + 1 + lineOffset, column + 1);
  }
}
