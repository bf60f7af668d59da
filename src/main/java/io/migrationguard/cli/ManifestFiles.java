package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.manifest.Document;
import io.migrationguard.manifest.ManifestReader;
import java.util.ArrayList;
import java.util.List;

/**
 * A file that configures a command ({@code --kubevirt}, {@code explain}'s inputs), decoded whole:
 * unlike a lint input, a document that does not decode stops the command, named by its position.
 */
final class ManifestFiles {
  private ManifestFiles() {}

  /**
   * The documents of {@code text}, or a usage error {@code PREFIX NAME:LINE:COL: why} for the first
   * one that does not decode.
   */
  static List<Document> decoded(String prefix, String name, String text) throws UsageException {
    List<Document> docs = ManifestReader.read(name, text);
    for (Document d : docs) {
      if (d.failed()) {
        throw new UsageException(
            prefix + name + ":" + d.start().line() + ":" + d.start().column() + ": " + d.error());
      }
    }
    return docs;
  }

  /** A document's objects: itself, or a List's items. */
  static List<JsonNode> objects(JsonNode root) {
    if (root == null || !root.isObject()) {
      return List.of();
    }
    if (root.path("kind").asText().endsWith("List") && root.path("items").isArray()) {
      List<JsonNode> items = new ArrayList<>();
      root.path("items").forEach(items::add);
      return items;
    }
    return List.of(root);
  }
}
