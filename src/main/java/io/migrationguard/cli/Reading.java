package io.migrationguard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reading an input without letting it take the run down: only regular files are opened (a FIFO
 * would block for ever, {@code /dev/zero} never ends), their size is checked before reading and
 * bounded while reading (a file can grow), and standard input is bounded the same way.
 */
final class Reading {
  private Reading() {}

  /** An input larger than {@code --max-file-size}: reported, not read. */
  static final class TooLarge extends IOException {
    TooLarge(String what, long limit) {
      super(
          what + " is larger than the limit of " + ByteSize.describe(limit) + " (--max-file-size)");
    }
  }

  /** A FIFO, socket, device or other special file named as an input: reported, never opened. */
  static final class NotRegular extends IOException {
    NotRegular(String type) {
      super("not a regular file (" + type + ")");
    }
  }

  /**
   * The content of the regular file {@code path} (a symbolic link is followed), at most {@code
   * limit} bytes: the type and size are checked from its attributes before it is opened.
   */
  static byte[] file(Path path, long limit) throws IOException {
    BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
    if (!a.isRegularFile()) {
      throw new NotRegular(type(path));
    }
    if (a.size() > limit) {
      throw new TooLarge("file", limit);
    }
    try (InputStream in = Files.newInputStream(path)) {
      return bounded(in, limit, "file");
    }
  }

  /**
   * All of {@code in}, or {@link TooLarge} as soon as it has given more than {@code limit} bytes.
   */
  static byte[] bounded(InputStream in, long limit, String what) throws IOException {
    byte[] b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
    if (b.length > limit) {
      throw new TooLarge(what, limit);
    }
    return b;
  }

  /**
   * What {@code path} is, in words: {@code regular file}, {@code directory}, {@code fifo}, {@code
   * socket}, {@code character device}, {@code block device}, {@code symbolic link} (only with
   * NOFOLLOW) or {@code other}; {@code missing} when it cannot be looked at.
   */
  static String type(Path path, LinkOption... options) {
    try {
      Object mode = Files.getAttribute(path, "unix:mode", options);
      if (mode instanceof Integer m) {
        return switch (m & 0170000) {
          case 0010000 -> "fifo";
          case 0020000 -> "character device";
          case 0040000 -> "directory";
          case 0060000 -> "block device";
          case 0100000 -> "regular file";
          case 0120000 -> "symbolic link";
          case 0140000 -> "socket";
          default -> "other";
        };
      }
    } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
      // no unix view (Windows): the basic attributes below
    }
    try {
      BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class, options);
      if (a.isRegularFile()) {
        return "regular file";
      }
      if (a.isDirectory()) {
        return "directory";
      }
      return a.isSymbolicLink() ? "symbolic link" : "other";
    } catch (IOException e) {
      return "missing";
    }
  }
}
