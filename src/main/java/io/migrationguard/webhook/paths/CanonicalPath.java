package io.migrationguard.webhook.paths;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A request path as a file server would resolve it: percent-escapes decoded (all of them, {@code
 * %2f} included), dot segments removed (RFC 3986 5.2.4), empty segments dropped. A filter that
 * exempts a path prefix must decide on this form, not on the raw one: {@code
 * /q/health/..%2fmetrics} starts with {@code /q/health/} but names {@code /q/metrics}.
 */
public final class CanonicalPath {
  private CanonicalPath() {}

  /** The canonical form of {@code raw}; a malformed escape is kept as written. */
  public static String of(String raw) {
    if (raw == null || raw.isEmpty()) {
      return "/";
    }
    Deque<String> segments = new ArrayDeque<>();
    for (String segment : decode(raw).split("/", -1)) {
      switch (segment) {
        case "", "." -> {}
        case ".." -> segments.pollLast();
        default -> segments.addLast(segment);
      }
    }
    return "/" + String.join("/", segments);
  }

  /** Whether {@code raw} is already canonical: what a well-behaved client sends. */
  public static boolean isCanonical(String raw) {
    return raw != null && raw.equals(of(raw));
  }

  private static String decode(String raw) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length());
    byte[] bytes = raw.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i++) {
      int hi = i + 2 < bytes.length ? Character.digit(bytes[i + 1], 16) : -1;
      int lo = i + 2 < bytes.length ? Character.digit(bytes[i + 2], 16) : -1;
      if (bytes[i] == '%' && hi >= 0 && lo >= 0) {
        out.write(hi * 16 + lo);
        i += 2;
      } else {
        out.write(bytes[i]);
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
