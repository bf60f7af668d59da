package io.migrationguard.manifest;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a YAML stream at its {@code ---} document markers before parsing, so a syntax error in one
 * document does not hide the documents after it (YAML forbids a {@code ---} at column 0 inside any
 * scalar, so the cut is exact). Directives and comments before a marker stay with it.
 */
final class DocumentSplitter {
  /** A piece of the stream and the 0-based line it starts on. */
  record Chunk(String text, int firstLine) {}

  private DocumentSplitter() {}

  static List<Chunk> split(String text) {
    List<Chunk> out = new ArrayList<>();
    int chunkStart = 0;
    int chunkLine = 0;
    int line = 0;
    boolean chunkHasContent = false;
    int pos = 0;
    int n = text.length();
    while (pos < n) {
      int eol = text.indexOf('\n', pos);
      int next = eol < 0 ? n : eol + 1;
      if (isMarker(text, pos, eol < 0 ? n : eol)) {
        if (chunkHasContent) {
          out.add(new Chunk(text.substring(chunkStart, pos), chunkLine));
          chunkStart = pos;
          chunkLine = line;
        }
        chunkHasContent = true;
      } else if (!chunkHasContent && !isPreamble(text, pos, eol < 0 ? n : eol)) {
        chunkHasContent = true;
      }
      pos = next;
      line++;
    }
    if (chunkStart < n) {
      out.add(new Chunk(text.substring(chunkStart), chunkLine));
    }
    return out;
  }

  /** {@code ---} at column 0, followed by the end of the line or a blank. */
  private static boolean isMarker(String text, int from, int to) {
    if (to - from < 3 || !text.startsWith("---", from)) {
      return false;
    }
    if (to - from == 3) {
      return true;
    }
    char c = text.charAt(from + 3);
    return c == ' ' || c == '\t' || c == '\r';
  }

  /** Blank, comment or directive lines: they belong to the document that follows. */
  private static boolean isPreamble(String text, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c == '#' || c == '%') {
        return true;
      }
      if (c != ' ' && c != '\t' && c != '\r' && c != '\uFEFF') {
        return false;
      }
    }
    return true;
  }
}
