package io.migrationguard.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where {@code -o FILE} may write. A report is written where it is asked to be, with one exception:
 * a FILE inside the working directory, as written, that a symbolic link (the file itself, or a
 * folder on its path) leads outside of it is refused. A link committed to a repository ({@code
 * report.json -> ~/.bashrc}, {@code out -> /etc}) must not make a CI run or a pre-commit hook
 * overwrite a file outside the checkout. A path written outside the working directory ({@code
 * /tmp/report.json}, {@code ../report.json}) is the user's choice, taken as is.
 */
public final class OutputTarget {
  private OutputTarget() {}

  /** Throws when a symbolic link takes {@code file} out of the working directory. */
  public static void check(String file) throws IOException {
    Path cwd = Path.of("").toAbsolutePath().toRealPath();
    Path written = cwd.resolve(file).normalize();
    if (!written.startsWith(cwd)) {
      return;
    }
    Path real = real(written);
    if (!real.startsWith(cwd)) {
      throw new IOException(
          "cannot write "
              + file
              + ": a symbolic link leads it to "
              + real
              + ", outside the working directory: refused (name the target itself if that is"
              + " meant)");
    }
  }

  /** Where writing {@code p} would land: links followed, a file not there yet included. */
  private static Path real(Path p) throws IOException {
    if (Files.exists(p)) {
      return p.toRealPath();
    }
    Path parent = p.getParent();
    if (parent == null || !Files.exists(parent)) {
      return p; // the write fails anyway: nothing there to follow
    }
    Path inParent = parent.toRealPath().resolve(p.getFileName());
    if (Files.isSymbolicLink(inParent)) {
      // A link to a file not there yet: judged by where it points.
      return inParent.getParent().resolve(Files.readSymbolicLink(inParent)).normalize();
    }
    return inParent;
  }
}
