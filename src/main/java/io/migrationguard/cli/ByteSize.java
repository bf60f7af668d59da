package io.migrationguard.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes on the command line ({@code --max-file-size}): a number of bytes, or a number with a unit
 * as Kubernetes quantities write them, {@code k}, {@code M}, {@code G} (powers of 1000) or {@code
 * Ki}, {@code Mi}, {@code Gi} (powers of 1024), a {@code B} allowed after either ({@code 64MiB},
 * {@code 10MB}); units are not case-sensitive.
 */
final class ByteSize {
  /** The default of {@code --max-file-size}. */
  static final long DEFAULT_MAX_FILE_SIZE = 16L << 20;

  /** The largest limit: a file is read into one array. */
  static final long LIMIT = Integer.MAX_VALUE - 16;

  private static final Pattern SIZE = Pattern.compile("([0-9]{1,19})\\s*([kmg]i?)?b?");
  private static final long KIB = 1L << 10;
  private static final long MIB = 1L << 20;
  private static final long GIB = 1L << 30;

  private ByteSize() {}

  /** {@code text} as a number of bytes, between 1 and {@link #LIMIT}. */
  static long parse(String option, String text) throws UsageException {
    Matcher m = SIZE.matcher(text.strip().toLowerCase(Locale.ROOT));
    long bytes = -1;
    if (m.matches()) {
      try {
        long n = Long.parseLong(m.group(1));
        long unit = unit(m.group(2));
        bytes = n > LIMIT / unit ? Long.MAX_VALUE : n * unit;
      } catch (NumberFormatException e) {
        bytes = Long.MAX_VALUE;
      }
    }
    if (bytes < 0) {
      throw new UsageException(
          option
              + ": \""
              + text
              + "\" is not a size (bytes, or a number with k, M, G, Ki, Mi or Gi: 64Mi, 10M)");
    }
    if (bytes < 1 || bytes > LIMIT) {
      throw new UsageException(option + ": " + text + " is not between 1 byte and 2 GiB");
    }
    return bytes;
  }

  private static long unit(String u) {
    if (u == null) {
      return 1;
    }
    return switch (u) {
      case "k" -> 1000L;
      case "m" -> 1000_000L;
      case "g" -> 1000_000_000L;
      case "ki" -> KIB;
      case "mi" -> MIB;
      default -> GIB;
    };
  }

  /** {@code bytes} in words, in the largest unit that divides it: 16 MiB, 10 MB, 1000 bytes. */
  static String describe(long bytes) {
    long[] units = {GIB, MIB, KIB, 1000_000_000L, 1000_000L, 1000L};
    String[] names = {"GiB", "MiB", "KiB", "GB", "MB", "kB"};
    for (int i = 0; i < units.length; i++) {
      if (bytes >= units[i] && bytes % units[i] == 0) {
        return bytes / units[i] + " " + names[i];
      }
    }
    return bytes + (bytes == 1 ? " byte" : " bytes");
  }
}
