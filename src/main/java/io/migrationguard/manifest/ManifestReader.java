package io.migrationguard.manifest;

import java.util.List;
import java.util.Locale;

/**
 * Turns the text of one manifest file into its documents (multi-document YAML, or JSON), each with
 * the line and column of every node. Use it for anything read from disk or stdin; it never throws
 * for bad input: a document that cannot be decoded comes back with its error and position, and the
 * documents around it are still read.
 */
public final class ManifestReader {
  private ManifestReader() {}

  /**
   * The documents of {@code text}. {@code name} decides the syntax: {@code .json} files are JSON,
   * {@code .yaml}/{@code .yml} YAML, and anything else (stdin) is JSON when it starts with {@code
   * {} or {@code [}, as kubectl decides.
   */
  public static List<Document> read(String name, String text) {
    String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
    return isJson(name, body) ? JsonReader.read(body) : YamlStream.read(body);
  }

  static boolean isJson(String name, String text) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".json")) {
      return true;
    }
    if (lower.endsWith(".yaml") || lower.endsWith(".yml")) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!Character.isWhitespace(c)) {
        return c == '{' || c == '[';
      }
    }
    return false;
  }
}
