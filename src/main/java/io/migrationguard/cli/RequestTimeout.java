package io.migrationguard.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --request-timeout}, spelled as kubectl spells it: a bare number of seconds ({@code 30}) or
 * a Go duration ({@code 30s}, {@code 1m}, {@code 1m30s}, {@code 500ms}). Unlike kubectl, {@code 0}
 * is refused: it would mean "wait for ever", the very hang the option exists to prevent.
 */
final class RequestTimeout {
  /** The default: long enough for a slow API server, short enough not to look like a hang. */
  static final Duration DEFAULT = Duration.ofSeconds(30);

  /** The most accepted: a run that waits longer than this is hung, whatever was asked. */
  static final Duration MAX = Duration.ofHours(1);

  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

  private RequestTimeout() {}

  /** A command line with {@code --request-timeout} taken out: its value (or null), the rest. */
  record Taken(Duration timeout, String[] rest) {}

  /**
   * Takes {@code --request-timeout D} / {@code --request-timeout=D} out of {@code args} (before a
   * {@code --}), for a command whose own parser does not know it.
   */
  static Taken take(String[] args) throws UsageException {
    java.util.List<String> rest = new java.util.ArrayList<>();
    Duration d = null;
    boolean ended = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      ended |= a.equals("--");
      if (!ended && (a.equals(OPTION) || a.startsWith(OPTION + "="))) {
        if (d != null) {
          throw new UsageException(OPTION + " given twice");
        }
        String v =
            a.equals(OPTION)
                ? (i + 1 < args.length ? args[++i] : null)
                : a.substring(OPTION.length() + 1);
        if (v == null) {
          throw new UsageException("option " + OPTION + " needs a value");
        }
        d = parse(OPTION, v);
      } else {
        rest.add(a);
      }
    }
    return new Taken(d, rest.toArray(String[]::new));
  }

  static final String OPTION = "--request-timeout";

  static Duration parse(String option, String value) throws UsageException {
    String v = value.strip();
    Duration d;
    if (v.matches("\\d{1,9}")) {
      d = Duration.ofSeconds(Long.parseLong(v));
    } else {
      d = goDuration(v);
      if (d == null) {
        throw new UsageException(
            option + " " + value + ": not a duration (30, 30s, 1m, 1m30s, 500ms)");
      }
    }
    if (d.isZero()) {
      throw new UsageException(option + " " + value + ": must be more than 0 (0 would never end)");
    }
    if (d.compareTo(MAX) > 0) {
      throw new UsageException(option + " " + value + ": at most 1h");
    }
    return d;
  }

  private static Duration goDuration(String v) {
    if (v.isEmpty() || v.length() > 32) {
      return null;
    }
    Matcher m = PART.matcher(v);
    int at = 0;
    double nanos = 0;
    while (at < v.length()) {
      if (!m.find(at) || m.start() != at) {
        return null;
      }
      double n = Double.parseDouble(m.group(1));
      nanos +=
          n
              * switch (m.group(2)) {
                case "ms" -> 1e6;
                case "s" -> 1e9;
                case "m" -> 60e9;
                default -> 3600e9;
              };
      at = m.end();
    }
    return nanos > MAX.toNanos() * 2.0 ? MAX.plusSeconds(1) : Duration.ofNanos((long) nanos);
  }
}
