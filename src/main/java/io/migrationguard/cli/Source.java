package io.migrationguard.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * One input of the lint: a file on disk, standard input (read once, up front), or a path that could
 * not be read while the inputs were listed (an unreadable folder, stdin over the size limit).
 *
 * @param name how the file is named in every output (the path as given, or {@code stdin})
 * @param path the file, or null for stdin
 * @param text the content of stdin, or null for a file
 * @param error why the input cannot be read, already known (a {@code read-error}), else null
 */
public record Source(String name, Path path, String text, String error) {
  /** The name standard input gets in outputs. */
  public static final String STDIN = "stdin";

  static Source file(String name, Path path) {
    return new Source(name, path, null, null);
  }

  static Source stdin(String text) {
    return new Source(STDIN, null, text, null);
  }

  /** An input known to be unreadable: it is reported as a {@code read-error}, never opened. */
  static Source failed(String name, Path path, String error) {
    return new Source(name, path, null, error);
  }

  /**
   * The content, decoded as UTF-8: a regular file of at most {@code limit} bytes ({@link
   * Reading#file}), else {@link Reading.NotRegular} or {@link Reading.TooLarge}.
   */
  String read(long limit) throws IOException {
    if (text != null) {
      return text;
    }
    return new String(Reading.file(path, limit), StandardCharsets.UTF_8);
  }
}
