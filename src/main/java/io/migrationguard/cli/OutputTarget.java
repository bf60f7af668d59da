package io.migrationguard.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where {@code -o FILE} may write. A report is written where it is asked to be, with one exception:
 * a FILE that is a symbolic link leading out of the working directory is refused. A link committed
 * to a repository ({@code report.json -> ~/.bashrc}) must not make a CI run or a pre-commit hook
 * overwrite a file outside the checkout.
 */
public final class OutputTarget {
  private OutputTarget() {}

  /** Throws when {@code file} is a symbolic link whose target is outside the working directory. */
  public static void check(String file) throws IOException {
    Path p = Path.of(file);
    if (!Files.isSymbolicLink(p)) {
      return;
    }
    Path cwd = Path.of("").toAbsolutePath().toRealPath();
    Path target = p.toAbsolutePath().getParent().resolve(Files.readSymbolicLink(p)).normalize();
    Path real;
    try {
      real = target.toRealPath();
    } catch (IOException e) {
      real = target; // a link to a file not there yet: judged by where it points
    }
    if (!real.startsWith(cwd)) {
      throw new IOException(
          "cannot write "
              + file
              + ": a symbolic link to "
              + real
              + ", outside the working directory: refused (write to the link's target itself"
              + " if that is meant)");
    }
  }
}
