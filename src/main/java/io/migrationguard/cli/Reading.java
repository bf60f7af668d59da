package io.migrationguard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reading an input without letting it take the run down. A file named on the command line may be a
 * regular file, a FIFO or a character device ({@code <(git show ...)}, {@code /dev/fd/N}, {@code
 * /dev/stdin}): the user asked for it, and it is read up to the size limit ({@code /dev/zero} ends
 * at the limit). Folders are walked for regular files only ({@link Inputs}): a FIFO found there
 * would block for ever. A regular file's size is checked before reading and bounded while reading
 * (a file can grow); standard input is bounded the same way.
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
   * The content of the file {@code path} named on the command line (a symbolic link is followed),
   * at most {@code limit} bytes: a regular file, whose size is checked before it is opened, or a
   * FIFO or character device, read until it ends or passes the limit. Sockets, block devices and
   * folders are {@link NotRegular}.
   */
  static byte[] file(Path path, long limit) throws IOException {
    return read(path, limit, "file", true);
  }

  /**
   * The content of the regular file {@code path}, at most {@code limit} bytes, for a file that
   * configures the run ({@code --config}, {@code --kubevirt}): never a FIFO or device, which could
   * block or never end.
   */
  static byte[] regularFile(Path path, long limit, String what) throws IOException {
    return read(path, limit, what, false);
  }

  private static byte[] read(Path path, long limit, String what, boolean streams)
      throws IOException {
    BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
    if (!a.isRegularFile()) {
      String type = type(path);
      if (!streams || (!type.equals("fifo") && !type.equals("character device"))) {
        throw new NotRegular(type);
      }
    } else if (a.size() > limit) {
      throw new TooLarge(what, limit);
    }
    try (InputStream in = Files.newInputStream(path)) {
      return bounded(in, limit, what);
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
