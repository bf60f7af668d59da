package io.migrationguard.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.SchemaEdit;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The schema files as one release's CRDs serve them: the bundled files (KubeVirt main) with the
 * release's {@link SchemaEdit}s applied, and the structural {@link Shape} of each kind read from
 * them. Validation ({@link JsonSchemaValidator}), the acceptor, pruning and semantic equality all
 * read one release's trees, so a field the release does not serve is unknown everywhere at once.
 * Built once per release and process, when first asked for.
 */
public final class ReleaseSchemas {
  private static final Map<String, ReleaseSchemas> BY_RELEASE = new ConcurrentHashMap<>();

  private final Map<Kind, JsonNode> trees = new EnumMap<>(Kind.class);
  private final Map<Kind, Shape> shapes = new EnumMap<>(Kind.class);

  private ReleaseSchemas(Release release) {
    for (Kind kind : Kind.values()) {
      JsonNode tree = SchemaAcceptor.resource(SchemaFiles.fileName(kind)).deepCopy();
      for (SchemaEdit edit : release.allSchemaEdits()) {
        if (edit.kind() == kind) {
          edit.applyTo(tree);
        }
      }
      trees.put(kind, tree);
    }
    SchemaAcceptor.Compiler compiler = new SchemaAcceptor.Compiler(this::file);
    for (Kind kind : Kind.values()) {
      shapes.put(kind, compiler.file(SchemaFiles.fileName(kind)).shape());
    }
  }

  /** The schemas of {@code release}. */
  public static ReleaseSchemas of(Release release) {
    return BY_RELEASE.computeIfAbsent(release.name(), n -> new ReleaseSchemas(release));
  }

  /** The structural view of a whole object of {@code kind} in this release. */
  public Shape shape(Kind kind) {
    return shapes.get(kind);
  }

  /**
   * Whether this release serves the field at {@code path} (from the object root) of {@code kind}.
   */
  public boolean serves(Kind kind, String... path) {
    Shape s = shape(kind);
    for (String name : path) {
      s = s.field(name);
      if (s == null) {
        return false;
      }
    }
    return true;
  }

  /** A kind's schema tree in this release (read only). */
  JsonNode tree(Kind kind) {
    return trees.get(kind);
  }

  /** A schema file by name, as this release has it (the shared files are not edited). */
  JsonNode file(String name) {
    for (Kind kind : Kind.values()) {
      if (SchemaFiles.fileName(kind).equals(name)) {
        return trees.get(kind);
      }
    }
    return SchemaAcceptor.resource(name);
  }
}
