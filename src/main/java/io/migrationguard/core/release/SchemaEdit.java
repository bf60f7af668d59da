package io.migrationguard.core.release;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * One difference between a release's CRD schema and the next newer release's, as an edit of the
 * bundled schema files ({@code src/main/resources/schemas/}, KubeVirt main): a property the release
 * does not serve is removed (it is then an unknown field, reported per {@code fieldValidation} and
 * pruned, as that release's API server does), or a property's schema is replaced.
 *
 * @param kind whose schema file is edited
 * @param field the property's path from the object root, e.g. {@code [spec, priority]}
 * @param replacement the property's schema in the release, or null when the release does not serve
 *     it
 */
public record SchemaEdit(Kind kind, List<String> field, JsonNode replacement) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public SchemaEdit {
    field = List.copyOf(field);
  }

  /** The release does not serve the field at {@code path} (from the object root). */
  public static SchemaEdit notServed(Kind kind, String... path) {
    return new SchemaEdit(kind, List.of(path), null);
  }

  /** The field at {@code path} has the schema {@code json} in the release. */
  public static SchemaEdit typed(Kind kind, String json, String... path) {
    try {
      return new SchemaEdit(kind, List.of(path), JSON.readTree(json));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The field in words, e.g. {@code spec.priority}. */
  public String fieldName() {
    return String.join(".", field);
  }

  /**
   * Applies this edit to the schema file's tree {@code root} (a copy the caller owns); fails when
   * the path is not a property chain of the file, so a stale edit cannot pass unnoticed.
   */
  public void applyTo(JsonNode root) {
    JsonNode parent = root;
    for (String name : field.subList(0, field.size() - 1)) {
      parent = parent.path("properties").path(name);
    }
    String last = field.get(field.size() - 1);
    if (!(parent.path("properties") instanceof ObjectNode props) || !props.has(last)) {
      throw new IllegalStateException(
          "schema edit of " + kind.kindName() + " " + fieldName() + ": no such property");
    }
    if (replacement == null) {
      props.remove(last);
      if (parent.get("required") instanceof ArrayNode required) {
        for (int i = required.size() - 1; i >= 0; i--) {
          if (last.equals(required.get(i).asText())) {
            required.remove(i);
          }
        }
      }
    } else {
      props.set(last, replacement.deepCopy());
    }
  }
}
