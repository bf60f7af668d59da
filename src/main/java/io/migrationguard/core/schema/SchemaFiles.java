package io.migrationguard.core.schema;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.path.PathType;
import io.migrationguard.core.model.Kind;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Loads and compiles the bundled schemas ({@code src/main/resources/schemas/}) with the API
 * server's semantics plugged into networknt: Kubernetes JSON types, its {@code date-time}, RE2
 * anchoring and a length bound on patterns. Done once per process; the result is immutable and
 * thread-safe.
 */
final class SchemaFiles {
  /**
   * Where the schema files are on the class path (networknt and {@link SchemaAcceptor} read them).
   */
  static final String RESOURCES = "schemas/";

  private static final String DIRECTORY = "classpath:" + RESOURCES;

  private SchemaFiles() {}

  /**
   * The compiled schema of every kind in one release, validators built eagerly (no lazy init under
   * load).
   */
  static Map<Kind, Schema> compile(ReleaseSchemas release) {
    SchemaRegistry registry = registry();
    Map<Kind, Schema> schemas = new EnumMap<>(Kind.class);
    for (Kind kind : Kind.values()) {
      schemas.put(kind, compile(registry, release, kind));
    }
    return schemas;
  }

  /** A registry with the API server's semantics plugged in; compiling through it is not cheap. */
  static SchemaRegistry registry() {
    Dialect dialect =
        Dialect.builder(Dialects.getDraft202012())
            .keyword(new KubeTypeKeyword())
            .format(new Rfc3339())
            .build();
    SchemaRegistryConfig config =
        SchemaRegistryConfig.builder()
            .formatAssertionsEnabled(true)
            .regularExpressionFactory(new BoundedRegexFactory())
            .pathType(PathType.JSON_POINTER)
            .build();
    return SchemaRegistry.withDialect(dialect, builder -> builder.schemaRegistryConfig(config));
  }

  /**
   * The schema of one kind in one release, its validators built. A registry serves one release: the
   * kind's tree is given, its {@code $ref}s to the shared files are read from the class path.
   */
  static Schema compile(SchemaRegistry registry, ReleaseSchemas release, Kind kind) {
    Schema schema =
        registry.getSchema(SchemaLocation.of(DIRECTORY + fileName(kind)), release.tree(kind));
    schema.initializeValidators();
    return schema;
  }

  /** The schema file of a kind: its lower-case kind name, e.g. {@code migrationpolicy.json}. */
  static String fileName(Kind kind) {
    return kind.kindName().toLowerCase(Locale.ROOT) + ".json";
  }
}
