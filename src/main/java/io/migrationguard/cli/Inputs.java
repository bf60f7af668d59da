package io.migrationguard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Expands the PATH arguments into the files to lint, in a deterministic order: arguments in the
 * order given; a directory depth-first with its entries sorted by name, keeping {@code .yaml},
 * {@code .yml} and {@code .json} files; {@code -} is standard input. A file named explicitly is
 * linted whatever its extension. A path that does not exist stays in the list and fails to read
 * (reported, exit code 2), so the other inputs are still linted.
 */
final class Inputs {
  private Inputs() {}

  static List<Source> expand(List<String> args, InputStream stdin) throws IOException {
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
        walk(p, arg, out, seen);
      } else {
        out.add(Source.file(arg, p));
      }
    }
    return out;
  }

  private static void walk(Path dir, String name, List<Source> out, Set<Path> seen)
      throws IOException {
    if (!seen.add(dir.toRealPath())) {
      return; // a symbolic link back up the tree
    }
    List<Path> entries;
    try (Stream<Path> s = Files.list(dir)) {
      entries = s.sorted().toList();
    }
    for (Path e : entries) {
      String child = join(name, e.getFileName().toString());
      if (Files.isDirectory(e)) {
        walk(e, child, out, seen);
      } else if (isManifest(e.getFileName().toString())) {
        out.add(Source.file(child, e));
      }
    }
  }

  static boolean isManifest(String fileName) {
    String n = fileName.toLowerCase(Locale.ROOT);
    return n.endsWith(".yaml") || n.endsWith(".yml") || n.endsWith(".json");
  }

  private static String join(String dir, String child) {
    return dir.endsWith("/") ? dir + child : dir + "/" + child;
  }
}
