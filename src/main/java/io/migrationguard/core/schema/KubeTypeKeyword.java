package io.migrationguard.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.ExecutionContext;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaContext;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.keyword.AbstractKeywordValidator;
import com.networknt.schema.keyword.Keyword;
import com.networknt.schema.keyword.KeywordValidator;
import com.networknt.schema.path.NodePath;
import io.migrationguard.core.model.JsonTypes;
import java.util.ArrayList;
import java.util.List;

/**
 * Replaces networknt's {@code type} keyword with the API server's notion of JSON types (see {@link
 * JsonTypes}): networknt would accept {@code 1e30} or {@code 2^63} as an integer, Kubernetes does
 * not. A failed check yields one error whose arguments are the value's type name and the expected
 * types without {@code null} (kube-openapi prints {@code integer,string}, never {@code null}).
 */
final class KubeTypeKeyword implements Keyword {
  static final String NAME = "type";

  @Override
  public String getValue() {
    return NAME;
  }

  @Override
  public KeywordValidator newValidator(
      SchemaLocation location, JsonNode schemaNode, Schema parent, SchemaContext context) {
    List<String> types = new ArrayList<>();
    if (schemaNode.isArray()) {
      schemaNode.forEach(t -> types.add(t.asText()));
    } else {
      types.add(schemaNode.asText());
    }
    return new Validator(schemaNode, location, List.copyOf(types));
  }

  private static final class Validator extends AbstractKeywordValidator {
    private final List<String> types;
    private final String expected;

    Validator(JsonNode schemaNode, SchemaLocation location, List<String> types) {
      super(NAME, schemaNode, location);
      this.types = types;
      this.expected = String.join(",", types.stream().filter(t -> !t.equals("null")).toList());
    }

    @Override
    public void validate(
        ExecutionContext context, JsonNode node, JsonNode root, NodePath instanceLocation) {
      for (String type : types) {
        if (JsonTypes.hasType(node, type)) {
          return;
        }
      }
      String actual = JsonTypes.nameOf(node);
      context.addError(
          Error.builder()
              .keyword(NAME)
              .instanceLocation(instanceLocation)
              .evaluationPath(context.getEvaluationPath())
              .schemaLocation(getSchemaLocation())
              .instanceNode(node)
              .schemaNode(schemaNode)
              .arguments(actual, expected)
              .message(actual + " found, " + expected + " expected")
              .build());
    }
  }
}
