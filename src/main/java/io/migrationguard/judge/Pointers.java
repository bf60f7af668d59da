package io.migrationguard.judge;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.FieldPath;
import java.util.Set;

/** RFC 6901 pointers to Kubernetes field paths, for findings the lint makes itself. */
final class Pointers {
  /** Fields whose entries are map keys rendered {@code [key]}, as apimachinery renders them. */
  private static final Set<String> STRING_MAPS =
      Set.of(
          "labels",
          "annotations",
          "namespaceSelector",
          "virtualMachineInstanceSelector",
          "addedNodeSelector",
          "nodeSelector");

  private Pointers() {}

  /** The field path of {@code pointer} inside {@code object}: list positions become indices. */
  static FieldPath fieldPath(JsonNode object, String pointer) {
    FieldPath path = FieldPath.root();
    JsonNode node = object;
    String parentName = null;
    for (JsonPointer at = JsonPointer.compile(pointer); !at.matches(); at = at.tail()) {
      String seg = at.getMatchingProperty();
      if (node != null && node.isArray()) {
        path = path.index(parseIndex(seg));
        node = node.get(parseIndex(seg));
      } else {
        path =
            parentName != null && STRING_MAPS.contains(parentName)
                ? path.key(seg)
                : path.child(seg);
        node = node == null ? null : node.get(seg);
      }
      parentName = seg;
    }
    return path;
  }

  private static int parseIndex(String seg) {
    try {
      return Integer.parseInt(seg);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
