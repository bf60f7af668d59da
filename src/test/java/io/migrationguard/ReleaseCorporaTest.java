package io.migrationguard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.Releases;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each release profile of {@link Releases} has what docs/contributing.md#adding-a-kubevirt-release
 * asks for: its vectors file in {@code src/test/resources/parity/releases/<profile>.yaml} (naming
 * that profile; KubeVirtParityTest runs it) and its row, with the commit it was read at, in
 * docs/kubevirt-versions.md's table of profiles.
 */
class ReleaseCorporaTest {
  private static final Path VECTORS = Path.of("src/test/resources/parity/releases");
  private static final Path DOC = Path.of("docs/kubevirt-versions.md");

  @Test
  void everyProfileHasItsVectorsFile() throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> s = Files.list(VECTORS)) {
      for (Path f : s.filter(p -> p.toString().endsWith(".yaml")).toList()) {
        String first = Files.readAllLines(f).get(0);
        files.put(f.getFileName().toString(), first.replaceFirst("^kubevirtVersion: ", ""));
      }
    }
    Map<String, String> expected = new TreeMap<>();
    Releases.ALL.forEach(r -> expected.put(r.name() + ".yaml", r.name()));
    assertEquals(expected, files, "vectors files and the profiles they name");
  }

  @Test
  void everyProfileHasItsRowInTheDocs() throws IOException {
    List<String> rows = new ArrayList<>();
    String doc = Files.readString(DOC);
    int start = doc.indexOf("## The profiles\n");
    assertTrue(start >= 0, DOC + ": no section The profiles");
    int end = doc.indexOf("\n## ", start + 1);
    for (String line : doc.substring(start, end).split("\n")) {
      if (line.matches("\\| (v1\\.\\d+|main) \\|.*")) {
        rows.add(line);
      }
    }
    List<Release> oldestFirst = new ArrayList<>();
    Releases.ALL.stream().filter(r -> !r.isMain()).forEach(r -> oldestFirst.add(0, r));
    oldestFirst.add(Releases.MAIN);
    assertEquals(
        oldestFirst.stream().map(Release::name).toList(),
        rows.stream().map(r -> r.split(" \\| ")[0].substring(2)).toList(),
        DOC + ": the profiles, oldest first and main last");
    for (int i = 0; i < rows.size(); i++) {
      String commit = oldestFirst.get(i).source().replaceFirst(".* at (\\S+).*", "$1");
      assertTrue(
          rows.get(i).split(" \\| ")[1].contains("`" + commit + "`"),
          oldestFirst.get(i).name() + ": read at " + commit + ", the row says " + rows.get(i));
    }
  }
}
