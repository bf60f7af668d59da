package io.migrationguard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Expands the PATH arguments into the files to lint, in a deterministic order: arguments in the
 * order given; a directory depth-first with its entries sorted by name, keeping {@code .yaml},
 * {@code .yml} and {@code .json} files and leaving out hidden folders ({@code .git}, {@code
 * .github}: walked only when named); {@code -} is standard input. A file named explicitly is linted
 * whatever its extension. {@code --exclude} globs are matched against each path relative to the
 * argument it was found under (a file argument: its own name); a matching folder is not walked. A
 * path that does not exist stays in the list and fails to read (reported, exit code 2), so the
 * other inputs are still linted.
 */
final class Inputs {
  private Inputs() {}

  static List<Source> expand(List<String> args, InputStream stdin) throws IOException {
    return expand(args, List.of(), stdin);
  }

  static List<Source> expand(List<String> args, List<String> excludes, InputStream stdin)
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
          out.add(Source.stdin(new String(stdin.readAllBytes(), StandardCharsets.UTF_8)));
          stdinRead = true;
        }
        continue;
      }
      Path p = Path.of(arg);
      if (Files.isDirectory(p)) {
        walk(p, arg, Path.of(""), matchers, out, seen);
      } else if (!excluded(matchers, p.getFileName())) {
        out.add(Source.file(arg, p));
      }
    }
    return out;
  }

  private static void walk(
      Path dir,
      String name,
      Path relative,
      List<PathMatcher> excludes,
      List<Source> out,
      Set<Path> seen)
      throws IOException {
    if (!seen.add(dir.toRealPath())) {
      return; // a symbolic link back up the tree
    }
    List<Path> entries;
    try (Stream<Path> s = Files.list(dir)) {
      entries = s.sorted().toList();
    }
    for (Path e : entries) {
      String fileName = e.getFileName().toString();
      String child = join(name, fileName);
      Path rel = relative.resolve(fileName);
      if (excluded(excludes, rel)) {
        continue;
      }
      if (Files.isDirectory(e)) {
        if (!fileName.startsWith(".")) {
          walk(e, child, rel, excludes, out, seen);
        }
      } else if (isManifest(fileName)) {
        out.add(Source.file(child, e));
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
