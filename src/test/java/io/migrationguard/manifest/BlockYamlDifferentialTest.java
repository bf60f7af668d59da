package io.migrationguard.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The fast path must read exactly what SnakeYAML reads (tree, positions, duplicate keys) whenever
 * it does not decline. Checked on every YAML file of the test resources, on tricky snippets, and on
 * thousands of random block documents.
 */
class BlockYamlDifferentialTest {
  private int accepted;
  private int total;

  @Test
  void everyYamlFileOfTheRepository() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(Path.of("src/test/resources"))) {
      files = s.filter(p -> p.toString().matches(".*\\.ya?ml$")).sorted().toList();
    }
    for (Path f : files) {
      compare(f.toString(), Files.readString(f));
    }
    assertTrue(files.size() > 10);
    assertTrue(accepted >= 10, "the fast path is exercised: " + accepted + "/" + total);
  }

  @Test
  void trickySnippets() {
    String[] snippets = {
      "a: 1\n",
      "a:\n",
      "a:\n  b: 1\n  c:\n    - x\n    - y: 1\n      z: 2\n",
      "a:\n- 1\n- 2\nb: 3\n",
      "a: [ ]\n",
      "a: []\nb: {}\n",
      "a: 'it''s'\n",
      "a: \"q\" # c\n",
      "a: \"q\"#c\n",
      "a: \"x\\ny\"\n",
      "a: b: c\n",
      "a: x # y\n",
      "a: x#y\n",
      "a:b: c\n",
      "url: http://x:80/y\n",
      "'k': v\n",
      "\"k\" : v\n",
      "a:\n  - - x\n",
      "a:\n  -\n    b: 1\n",
      "a:\n  -x\n",
      "a: |\n  text\n",
      "a: >-\n  text\n",
      "a: &x 1\nb: *x\n",
      "a: !!str 1\n",
      "a: 1\n  b: 2\n",
      "a: 1\n b: 2\n",
      "a:\n  b: 1\n c: 2\n",
      "a: plain\n  continued\n",
      "- a\n- b\n",
      "  a: 1\n",
      "a: 1\n...\n",
      "---\na: 1\n",
      "--- # c\na: 1\n",
      "--- a\n",
      "# c\n---\na: 1\n",
      "a: 1\r\nb: 2\r\n",
      "a:\tb\n",
      "a: .inf\n",
      "a: 1\na: 2\n",
      "m:\n  k: 1\n  k:\n    x: 2\n",
      "yes: no\n",
      "on: 0777\n",
      "a: -\n",
      "a: - x\n",
      "a: ? x\n",
      "? a\n: b\n",
      "a: {b: 1}\n",
      "a: [1, 2]\n",
      "a: \"unclosed\n  more\"\n",
      "a: 'x'y\n",
      "<<: {a: 1}\n",
      "a: @x\n",
      "a: `x\n",
      "a: x\u0001\n",
      "a: \uD83D\uDE00 x\n",
      "a: é\n",
      "a: x\u2028y\nb: 1\n",
      "a: x\u0085y\n",
      "a:    \n",
      "a: ~\nb: null\nc: \"\"\n",
      "a: 1 \nb: 2   # c\n",
      "a:\n  # comment\n  b: 1\n\n  c: 2\n",
      "list:\n- name: a\n  v: 1\n- name: b\n",
      "a: \"\"\n",
      "a: ''\n",
      "a: 'x' # c\n",
      "a: [] # c\n",
      "a: '#'\n",
      "a: x:y\n",
    };
    for (String s : snippets) {
      compare(s, s);
    }
  }

  @Test
  void randomBlockDocuments() {
    Random r = new Random(20260601);
    for (int i = 0; i < 3000; i++) {
      String doc = new RandomYaml(r).document();
      compare("random " + i + ":\n" + doc, doc);
    }
    assertTrue(accepted * 3 > total, accepted + "/" + total);
  }

  private void compare(String name, String text) {
    List<Document> fast = YamlStream.read(text, true);
    List<Document> slow = YamlStream.read(text, false);
    for (DocumentSplitter.Chunk c : DocumentSplitter.split(text)) {
      total++;
      if (BlockYaml.tryRead(c.text(), c.firstLine(), new ArrayList<>())) {
        accepted++;
      }
    }
    assertEquals(slow.size(), fast.size(), name);
    for (int i = 0; i < slow.size(); i++) {
      Document s = slow.get(i);
      Document f = fast.get(i);
      assertEquals(s.error(), f.error(), name);
      assertEquals(s.root(), f.root(), name);
      assertEquals(s.start(), f.start(), name);
      assertEquals(s.locations().snapshot(), f.locations().snapshot(), name);
      assertEquals(s.duplicateKeys(), f.duplicateKeys(), name);
      assertEquals(s.index(), f.index(), name);
    }
  }
}
