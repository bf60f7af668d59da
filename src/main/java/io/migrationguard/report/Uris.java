package io.migrationguard.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * File names as SARIF {@code artifactLocation}s, the way GitHub code scanning matches them to the
 * repository: relative to the source root (the nearest ancestor of the working directory holding a
 * {@code .git} entry, else the working directory itself) under the {@value #SRCROOT} base id,
 * normalised (no {@code ./}, no {@code ..}), reserved characters percent-encoded. A file outside
 * the root keeps an absolute {@code file://} URI and no base id.
 */
final class Uris {
  /** The base id every relative {@code artifactLocation.uri} is relative to. */
  static final String SRCROOT = "%SRCROOT%";

  /** Where a file is: a URI, relative to {@link #SRCROOT} when {@code uriBaseId} is not null. */
  record Location(String uri, String uriBaseId) {}

  private final Path workingDirectory;
  private final Path root;

  /** URIs of the files named relative to {@code workingDirectory}. */
  Uris(Path workingDirectory) {
    this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
    this.root = root(this.workingDirectory);
  }

  /** The nearest ancestor of {@code dir} (itself included) with a {@code .git} entry, or dir. */
  static Path root(Path dir) {
    for (Path p = dir; p != null; p = p.getParent()) {
      if (Files.exists(p.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
        return p;
      }
    }
    return dir;
  }

  Path root() {
    return root;
  }

  /** The absolute URI of the root, ending with {@code /} as SARIF requires of a base. */
  String rootUri() {
    String u = fileUri(root);
    return u.endsWith("/") ? u : u + "/";
  }

  /** The location of a file named as the user gave it (relative to the working directory). */
  Location of(String file) {
    Path abs;
    try {
      abs = workingDirectory.resolve(file).normalize();
    } catch (InvalidPathException e) {
      return new Location(encode(file.replace('\\', '/'), true), null);
    }
    if (abs.startsWith(root)) {
      return relative(root.relativize(abs));
    }
    // Through a symbolic link (an absolute path via /tmp -> /private/tmp, say): compare real paths.
    try {
      Path real = abs.toRealPath();
      Path realRoot = root.toRealPath();
      if (real.startsWith(realRoot)) {
        return relative(realRoot.relativize(real));
      }
    } catch (IOException | SecurityException e) {
      // a file that does not exist: it stays where it was named
    }
    return new Location(fileUri(abs), null);
  }

  private static Location relative(Path rel) {
    return new Location(encode(slashes(rel), true), SRCROOT);
  }

  /** {@code file:///...} for an absolute path (a drive letter keeps its colon). */
  static String fileUri(Path abs) {
    String p = slashes(abs);
    return "file://" + (p.startsWith("/") ? "" : "/") + encode(p, false);
  }

  private static String slashes(Path p) {
    return p.toString().replace('\\', '/');
  }

  /**
   * Percent-encodes all but unreserved characters and {@code /}; {@code :} too in a relative
   * reference, whose first segment would otherwise read as a scheme.
   */
  static String encode(String path, boolean relative) {
    StringBuilder sb = new StringBuilder();
    for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || "-._~/".indexOf(c) >= 0
          || (c == ':' && !relative)) {
        sb.append((char) c);
      } else {
        sb.append('%').append(String.format("%02X", c));
      }
    }
    return sb.toString();
  }
}
