package io.migrationguard.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import io.migrationguard.core.FieldValidation;
import io.migrationguard.core.Kind;
import io.migrationguard.core.model.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The networknt-backed {@link SchemaValidator} over {@code src/main/resources/schemas/}: the CRD's
 * view of an object (types, required fields, enums, bounds, the Quantity pattern, date-times,
 * unknown fields), reported as the Kubernetes API server reports CRD schema violations. Build it
 * once with {@link #load()} and share it; {@link #validate} is thread-safe.
 */
public final class JsonSchemaValidator implements SchemaValidator {
  private final Map<Kind, Schema> schemas;

  private JsonSchemaValidator(Map<Kind, Schema> schemas) {
    this.schemas = Map.copyOf(schemas);
  }

  /** Loads and compiles the schemas of both kinds once. */
  public static JsonSchemaValidator load() {
    return new JsonSchemaValidator(SchemaFiles.compile());
  }

  @Override
  public List<Finding> validate(Kind kind, JsonNode object, FieldValidation mode) {
    JsonNode instance = object == null ? NullNode.getInstance() : object;
    List<Error> errors = schemas.get(kind).validate(instance);
    if (errors.isEmpty()) {
      return List.of();
    }
    ErrorMapper mapper = new ErrorMapper(new Locator(instance), mode);
    List<ErrorMapper.Ranked> ranked = new ArrayList<>(errors.size());
    for (Error error : errors) {
      ErrorMapper.Ranked r = mapper.map(error);
      if (r != null) {
        ranked.add(r);
      }
    }
    return FindingOrder.arrange(ranked);
  }
}
