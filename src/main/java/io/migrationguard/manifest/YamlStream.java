package io.migrationguard.manifest;

import java.util.ArrayList;
import java.util.List;

/**
 * A YAML stream to documents: cut at its {@code ---} markers ({@link DocumentSplitter}), each
 * document read by the fast path ({@link BlockYaml}) or by SnakeYAML ({@link YamlReader}), a long
 * stream on every core.
 */
final class YamlStream {
  /** Documents per parallel group when one stream holds many. */
  static final int PARALLEL_CHUNKS = 256;

  /**
   * {@code -Dmigration-guard.lint.block-yaml=false} reads every document with SnakeYAML: only so
   * that {@code bench/lint.sh} can measure what the fast path saves (docs/performance.md).
   */
  private static final boolean BLOCK_YAML =
      !"false".equals(System.getProperty("migration-guard.lint.block-yaml"));

  private YamlStream() {}

  /** Every non-empty document of {@code text}, numbered from 1 in file order. */
  static List<Document> read(String text) {
    List<DocumentSplitter.Chunk> chunks = DocumentSplitter.split(text);
    if (chunks.size() < PARALLEL_CHUNKS) {
      return read(chunks, BLOCK_YAML);
    }
    // One big stream (kustomize build | lint -): its documents are independent, parse them on
    // every core, then number them in file order.
    List<List<DocumentSplitter.Chunk>> groups = new ArrayList<>();
    for (int i = 0; i < chunks.size(); i += PARALLEL_CHUNKS) {
      groups.add(chunks.subList(i, Math.min(chunks.size(), i + PARALLEL_CHUNKS)));
    }
    List<Document> out = new ArrayList<>();
    for (List<Document> part : groups.parallelStream().map(g -> read(g, BLOCK_YAML)).toList()) {
      for (Document d : part) {
        out.add(
            new Document(
                out.size() + 1, d.root(), d.start(), d.locations(), d.duplicateKeys(), d.error()));
      }
    }
    return out;
  }

  /** {@code fast}: try {@link BlockYaml} first; false only to compare the two paths in tests. */
  static List<Document> read(String text, boolean fast) {
    return read(DocumentSplitter.split(text), fast);
  }

  private static List<Document> read(List<DocumentSplitter.Chunk> chunks, boolean fast) {
    List<Document> out = new ArrayList<>();
    for (DocumentSplitter.Chunk chunk : chunks) {
      if (!fast || !BlockYaml.tryRead(chunk.text(), chunk.firstLine(), out)) {
        YamlReader.parse(chunk, out);
      }
    }
    return out;
  }
}
