package io.migrationguard.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One document of a manifest file: either a tree with its locations, or the reason it could not be
 * read ({@code error} non-null, {@code start} where the problem is).
 *
 * @param index 1-based position of the document in its file (empty documents are not counted)
 * @param root the decoded tree, or null when {@code error} is set
 * @param start where the document's root node starts (or where decoding failed)
 * @param locations positions of every node (empty when {@code error} is set)
 * @param duplicateKeys keys repeated in one mapping
 * @param error why decoding failed, or null
 */
public record Document(
    int index,
    JsonNode root,
    Loc start,
    Locations locations,
    List<DuplicateKey> duplicateKeys,
    String error) {

  static Document failed(int index, Loc loc, String error) {
    return new Document(index, null, loc, new Locations(), List.of(), error);
  }

  public boolean failed() {
    return error != null;
  }
}
