package io.migrationguard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No page of docs/ grows past 16 KB: a page that long is read in parts or not at all, so it is
 * split by topic instead (docs/README.md lists the pages, each fact in one of them).
 */
class DocSizeTest {
  static final long MAX_BYTES = 16_384;

  @Test
  void noDocIsOver16Kilobytes() throws IOException {
    assertEquals(List.of(), tooLong(Path.of("docs")), "docs over " + MAX_BYTES + " bytes");
  }

  @Test
  void theCheckCanFail(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("long.md"), "x".repeat((int) MAX_BYTES + 1));
    Files.writeString(dir.resolve("short.md"), "x".repeat((int) MAX_BYTES));
    assertEquals(List.of("long.md (16385 bytes)"), tooLong(dir));
  }

  static List<String> tooLong(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : s.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
        long size = Files.size(p);
        if (size > MAX_BYTES) {
          out.add(p.getFileName() + " (" + size + " bytes)");
        }
      }
    }
    return out;
  }
}
