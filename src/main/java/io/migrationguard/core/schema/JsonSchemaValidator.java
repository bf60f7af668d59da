package io.migrationguard.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.networknt.schema.Error;
import com.networknt.schema.ExecutionContext;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import java.util.ArrayList;
import java.util.Collections;
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
  private final Function<Kind, Compiled> schemas;

  private JsonSchemaValidator(Function<Kind, Compiled> schemas) {
    this.schemas = schemas;
  }

  /**
   * A kind's schema as networknt compiled it, and its {@link SchemaAcceptor} acceptor (null when
   * the schema file uses a keyword the acceptor does not compile: networknt then judges every
   * object).
   */
  private record Compiled(Schema schema, SchemaAcceptor fast) {
    static Compiled of(ReleaseSchemas release, Kind kind, Schema schema) {
      return new Compiled(
          schema, SchemaAcceptor.compile(SchemaFiles.fileName(kind), release::file).orElse(null));
    }
  }

  /**
   * Loads and compiles the schemas of both kinds in one release now (the service: no compile under
   * load).
   */
  public static JsonSchemaValidator load(ReleaseSchemas release) {
    Map<Kind, Compiled> all = new EnumMap<>(Kind.class);
    SchemaFiles.compile(release)
        .forEach((kind, schema) -> all.put(kind, Compiled.of(release, kind, schema)));
    // An EnumMap, not Map.copyOf: the lookup is an array index, once per review.
    return new JsonSchemaValidator(Collections.unmodifiableMap(all)::get);
  }

  /**
   * Compiles the schema of a kind the first time an object of that kind is validated (the lint: a
   * one-file run over policies never pays for the large migration schema, a start-up cost that
   * dominates short runs).
   */
  public static JsonSchemaValidator onDemand(ReleaseSchemas release) {
    return new JsonSchemaValidator(new OnDemand(release));
  }

  /** Compiles each kind once, under one lock (networknt's registry is shared between them). */
  private static final class OnDemand implements Function<Kind, Compiled> {
    private final Map<Kind, Compiled> compiled = new EnumMap<>(Kind.class);
    private final ReleaseSchemas release;
    private SchemaRegistry registry;

    OnDemand(ReleaseSchemas release) {
      this.release = release;
    }

    @Override
    public synchronized Compiled apply(Kind kind) {
      Compiled c = compiled.get(kind);
      if (c == null) {
        if (registry == null) {
          registry = SchemaFiles.registry();
        }
        c = Compiled.of(release, kind, SchemaFiles.compile(registry, release, kind));
        compiled.put(kind, c);
      }
      return c;
    }
  }

  @Override
  public boolean accepts(Kind kind, JsonNode object) {
    SchemaAcceptor fast = schemas.apply(kind).fast();
    return object != null && fast != null && fast.accepts(object);
  }

  @Override
  public List<Finding> validate(Kind kind, JsonNode object, FieldValidation mode) {
    return check(kind, object, mode).findings();
  }

  /**
   * networknt collects every error of an object; a 3 MiB object of wrongly typed list entries has a
   * hundred thousand. The errors are gathered in a {@link BoundedErrors} list that keeps the first
   * {@value BoundedErrors#CAPACITY} and counts the rest, so memory stays bounded whatever the
   * object (our keywords never read back the errors they report).
   */
  @Override
  public Result check(Kind kind, JsonNode object, FieldValidation mode) {
    JsonNode instance = object == null ? NullNode.getInstance() : object;
    Compiled compiled = schemas.apply(kind);
    if (compiled.fast() != null && compiled.fast().accepts(instance)) {
      return new Result(List.of(), 0, 0);
    }
    BoundedErrors errors = new BoundedErrors();
    compiled.schema().validate(instance, (ExecutionContext ctx) -> ctx.setErrors(errors));
    if (errors.isEmpty()) {
      return new Result(List.of(), 0, 0);
    }
    ErrorMapper mapper = new ErrorMapper(new Locator(instance), mode);
    List<ErrorMapper.Ranked> ranked = new ArrayList<>(errors.size());
    for (Error error : errors) {
      ErrorMapper.Ranked r = mapper.map(error);
      if (r != null) {
        ranked.add(r);
      }
    }
    int unknown = errors.droppedUnknown();
    return new Result(
        FindingOrder.arrange(ranked),
        errors.droppedOther() + (mode == FieldValidation.STRICT ? unknown : 0),
        mode == FieldValidation.WARN ? unknown : 0);
  }
}
