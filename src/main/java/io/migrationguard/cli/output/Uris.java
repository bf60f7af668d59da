package io.migrationguard.cli.output;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * File names as SARIF {@code artifactLocation.uri}: relative paths stay relative (GitHub resolves
 * them from the repository root) with {@code ./} dropped and reserved characters percent-encoded;
 * absolute paths become {@code file://} URIs.
 */
final class Uris {
  private Uris() {}

  static String of(String file) {
    String f = file.replace('\\', '/');
    while (f.startsWith("./")) {
      f = f.substring(2);
    }
    if (Path.of(file).isAbsolute()) {
      return "file://" + encode(f);
    }
    return encode(f);
  }

  private static String encode(String path) {
    StringBuilder sb = new StringBuilder();
    for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || "-._~/".indexOf(c) >= 0) {
        sb.append((char) c);
      } else {
        sb.append('%').append(String.format("%02X", c));
      }
    }
    return sb.toString();
  }
}
