package io.migrationguard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Expands the PATH arguments into the files to lint, in a deterministic order: arguments in the
 * order given; a directory depth-first with its entries sorted by name, keeping {@code .yaml},
 * {@code .yml} and {@code .json} files and leaving out hidden folders ({@code .git}, {@code
 * .github}: walked only when named); {@code -} is standard input, read here up to the size limit. A
 * file named explicitly is linted whatever its extension. {@code --exclude} globs are matched
 * against each path relative to the argument it was found under (a file argument: its own name); a
 * matching folder is not walked.
 *
 * <p>No input can stall or escape the walk. A symbolic link to a folder is followed only when the
 * folder is inside the argument's own tree (each folder once, so a loop ends); a link to a folder
 * outside it is not followed, and said so on stderr once per link. A link to a file is followed
 * wherever the file is (it is one file, bounded by the size limit). FIFOs, sockets, devices and
 * other special files (a link to {@code /dev/zero} included) are never opened: found in a folder
 * they are skipped with a line on stderr; named explicitly they are a {@code read-error}. A path
 * that does not exist, a folder that cannot be listed and a file that cannot be read stay in the
 * list and fail to read (reported, exit code 2), so the other inputs are still linted.
 */
final class Inputs {
  private Inputs() {}

  /**
   * The inputs of {@code args}.
   *
   * @param limit {@code --max-file-size}, for stdin (files are checked when read)
   * @param notes receives one line per entry left out of a folder (a special file, a link out of
   *     the tree)
   */
  static List<Source> expand(
      List<String> args,
      List<String> excludes,
      InputStream stdin,
      long limit,
      Consumer<String> notes)
      throws IOException {
    List<PathMatcher> matchers = new ArrayList<>();
    for (String glob : excludes) {
      matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + glob));
      // As in .gitignore, a leading **/ also matches at the top ("**/x.yaml" matches x.yaml).
      if (glob.startsWith("**/")) {
        matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + glob.substring(3)));
      }
    }
    List<Source> out = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    boolean stdinRead = false;
    for (String arg : args) {
      if (arg.equals("-")) {
        if (!stdinRead) {
          out.add(stdin(stdin, limit));
          stdinRead = true;
        }
        continue;
      }
      Path p = Path.of(arg);
      if (Files.isDirectory(p)) {
        new Walk(p, matchers, out, seen, notes).walk(p, arg, Path.of(""));
      } else if (!excluded(matchers, p.getFileName())) {
        out.add(Source.file(arg, p));
      }
    }
    return out;
  }

  /**
   * The arguments that name nothing (no such file or folder, or a link to nothing): each is one
   * line for the user, never an input counted as a resource.
   */
  static List<String> missing(List<String> args) {
    List<String> out = new ArrayList<>();
    for (String arg : args) {
      if (!arg.equals("-") && Files.notExists(Path.of(arg))) {
        out.add(arg);
      }
    }
    return out;
  }

  /** The folder arguments under which no input was found ({@code sources} of {@link #expand}). */
  static List<String> emptyFolders(List<String> args, List<Source> sources) {
    List<String> out = new ArrayList<>();
    for (String arg : args) {
      if (!arg.equals("-") && Files.isDirectory(Path.of(arg))) {
        String prefix = arg.endsWith("/") ? arg : arg + "/";
        if (sources.stream().noneMatch(s -> s.name().startsWith(prefix))) {
          out.add(arg);
        }
      }
    }
    return out;
  }

  private static Source stdin(InputStream stdin, long limit) throws IOException {
    try {
      byte[] b = Reading.bounded(stdin, limit, Source.STDIN);
      return Source.stdin(new String(b, StandardCharsets.UTF_8));
    } catch (Reading.TooLarge e) {
      return Source.failed(Source.STDIN, null, e.getMessage());
    }
  }

  /** One directory argument's walk. */
  private static final class Walk {
    private final Path root;
    private final String rootName;
    private final List<PathMatcher> excludes;
    private final List<Source> out;
    private final Set<Path> seen;
    private final Consumer<String> notes;

    Walk(
        Path root,
        List<PathMatcher> excludes,
        List<Source> out,
        Set<Path> seen,
        Consumer<String> notes) {
      this.root = realOrAbsolute(root);
      this.rootName = root.toString();
      this.excludes = excludes;
      this.out = out;
      this.seen = seen;
      this.notes = notes;
    }

    private static Path realOrAbsolute(Path p) {
      try {
        return p.toRealPath();
      } catch (IOException e) {
        return p.toAbsolutePath().normalize();
      }
    }

    void walk(Path dir, String name, Path relative) {
      List<Path> entries;
      try {
        if (!seen.add(dir.toRealPath())) {
          return; // a symbolic link back up the tree
        }
        try (Stream<Path> s = Files.list(dir)) {
          entries = s.sorted().toList();
        }
      } catch (IOException | UncheckedIOException e) {
        IOException cause = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
        out.add(Source.failed(name, dir, "cannot read: " + Parsing.reason(cause)));
        return;
      }
      for (Path e : entries) {
        String fileName = e.getFileName().toString();
        Path rel = relative.resolve(fileName);
        if (!excluded(excludes, rel)) {
          entry(e, fileName, join(name, fileName), rel);
        }
      }
    }

    private void entry(Path e, String fileName, String child, Path rel) {
      BasicFileAttributes own;
      try {
        own = Files.readAttributes(e, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      } catch (IOException x) {
        if (isManifest(fileName)) {
          out.add(Source.failed(child, e, "cannot read: " + Parsing.reason(x)));
        }
        return;
      }
      BasicFileAttributes target = own;
      if (own.isSymbolicLink()) {
        try {
          target = Files.readAttributes(e, BasicFileAttributes.class);
        } catch (IOException x) {
          if (isManifest(fileName)) {
            out.add(Source.file(child, e)); // a dangling link: fails to read, reported
          }
          return;
        }
      }
      if (target.isDirectory()) {
        if (fileName.startsWith(".")) {
          return;
        }
        if (own.isSymbolicLink() && !inside(e)) {
          notes.accept(
              child + ": skipped: a link to a folder outside " + rootName + ", not followed");
          return;
        }
        walk(e, child, rel);
      } else if (isManifest(fileName)) {
        if (target.isRegularFile()) {
          out.add(Source.file(child, e));
        } else {
          notes.accept(child + ": skipped: not a regular file (" + Reading.type(e) + ")");
        }
      }
    }

    /** Whether the folder a link points to is inside the argument's tree. */
    private boolean inside(Path link) {
      try {
        return link.toRealPath().startsWith(root);
      } catch (IOException x) {
        return false;
      }
    }
  }

  private static boolean excluded(List<PathMatcher> excludes, Path relative) {
    if (relative == null) {
      return false;
    }
    for (PathMatcher m : excludes) {
      if (m.matches(relative)) {
        return true;
      }
    }
    return false;
  }

  static boolean isManifest(String fileName) {
    String n = fileName.toLowerCase(Locale.ROOT);
    return n.endsWith(".yaml") || n.endsWith(".yml") || n.endsWith(".json");
  }

  private static String join(String dir, String child) {
    return dir.endsWith("/") ? dir + child : dir + "/" + child;
  }
}
