package io.migrationguard.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import io.migrationguard.core.FieldValidation;
import io.migrationguard.core.Kind;
import io.migrationguard.core.model.Finding;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The networknt-backed {@link SchemaValidator} over {@code src/main/resources/schemas/}: the CRD's
 * view of an object (types, required fields, enums, bounds, the Quantity pattern, date-times,
 * unknown fields), reported as the Kubernetes API server reports CRD schema violations. Build it
 * once with {@link #load()} and share it; {@link #validate} is thread-safe.
 */
public final class JsonSchemaValidator implements SchemaValidator {
  private final Function<Kind, Schema> schemas;

  private JsonSchemaValidator(Function<Kind, Schema> schemas) {
    this.schemas = schemas;
  }

  /** Loads and compiles the schemas of both kinds now (the service: no compile under load). */
  public static JsonSchemaValidator load() {
    Map<Kind, Schema> all = Map.copyOf(SchemaFiles.compile());
    return new JsonSchemaValidator(all::get);
  }

  /**
   * Compiles the schema of a kind the first time an object of that kind is validated (the lint: a
   * one-file run over policies never pays for the large migration schema, a start-up cost that
   * dominates short runs).
   */
  public static JsonSchemaValidator onDemand() {
    return new JsonSchemaValidator(new OnDemand());
  }

  /** Compiles each kind once, under one lock (networknt's registry is shared between them). */
  private static final class OnDemand implements Function<Kind, Schema> {
    private final Map<Kind, Schema> compiled = new EnumMap<>(Kind.class);
    private SchemaRegistry registry;

    @Override
    public synchronized Schema apply(Kind kind) {
      Schema s = compiled.get(kind);
      if (s == null) {
        if (registry == null) {
          registry = SchemaFiles.registry();
        }
        s = SchemaFiles.compile(registry, kind);
        compiled.put(kind, s);
      }
      return s;
    }
  }

  @Override
  public List<Finding> validate(Kind kind, JsonNode object, FieldValidation mode) {
    JsonNode instance = object == null ? NullNode.getInstance() : object;
    List<Error> errors = schemas.apply(kind).validate(instance);
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
