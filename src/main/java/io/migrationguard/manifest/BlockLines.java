package io.migrationguard.manifest;

import java.util.ArrayList;
import java.util.List;

/**
 * The content lines of one YAML document for {@link BlockYaml}: blank and comment-only lines
 * dropped, indentation measured. Null when a line uses what the fast path leaves to SnakeYAML
 * (tabs, carriage returns inside a line, document end markers, directives).
 */
final class BlockLines {
  /** One content line: 0-based number in the chunk, indentation, text without line break. */
  static final class Line {
    final int no;
    int indent;
    final String text;

    Line(int no, int indent, String text) {
      this.no = no;
      this.indent = indent;
      this.text = text;
    }
  }

  private BlockLines() {}

  static List<Line> of(String chunk) {
    List<Line> out = new ArrayList<>();
    int pos = 0;
    int no = 0;
    int n = chunk.length();
    while (pos < n) {
      int eol = chunk.indexOf('\n', pos);
      int end = eol < 0 ? n : eol;
      if (end > pos && chunk.charAt(end - 1) == '\r') {
        end--;
      }
      String text = chunk.substring(pos, end);
      if (!plainChars(text)) {
        return null;
      }
      int indent = 0;
      while (indent < text.length() && text.charAt(indent) == ' ') {
        indent++;
      }
      boolean blank = indent == text.length() || text.charAt(indent) == '#';
      if (!blank) {
        if (indent == 0 && (text.startsWith("...") || text.startsWith("%"))) {
          return null;
        }
        if (indent == 0 && text.startsWith("---")) {
          if (!out.isEmpty() || !isMarkerOnly(text)) {
            return null;
          }
        } else {
          out.add(new Line(no, indent, text));
        }
      }
      pos = eol < 0 ? n : eol + 1;
      no++;
    }
    return out;
  }

  /**
   * Only characters whose handling is simple: no tabs or other controls (SnakeYAML rejects some),
   * no NEL or line/paragraph separators (YAML 1.1 line breaks), no surrogates (SnakeYAML counts
   * columns in code points, this path in chars).
   */
  private static boolean plainChars(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20
          || (c >= 0x7F && c <= 0x9F)
          || c == 0x2028
          || c == 0x2029
          || Character.isSurrogate(c)
          || c >= 0xFEFF) {
        return false;
      }
    }
    return true;
  }

  /** {@code ---} alone, or followed only by a comment. */
  private static boolean isMarkerOnly(String text) {
    String rest = text.substring(3).strip();
    return rest.isEmpty() || rest.startsWith("#") && text.charAt(3) == ' ';
  }
}
