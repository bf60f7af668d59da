package io.migrationguard.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One input of the lint: a file on disk, or standard input (read once, up front).
 *
 * @param name how the file is named in every output (the path as given, or {@code stdin})
 * @param path the file, or null for stdin
 * @param text the content of stdin, or null for a file
 */
public record Source(String name, Path path, String text) {
  /** The name standard input gets in outputs. */
  public static final String STDIN = "stdin";

  static Source file(String name, Path path) {
    return new Source(name, path, null);
  }

  static Source stdin(String text) {
    return new Source(STDIN, null, text);
  }

  /** The content, decoded as UTF-8. */
  String read() throws IOException {
    if (text != null) {
      return text;
    }
    return new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
  }
}
