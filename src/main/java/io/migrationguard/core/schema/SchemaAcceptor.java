package io.migrationguard.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.regex.RegularExpression;
import io.migrationguard.core.quantity.QuantitySyntax;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A compiled acceptor for the small subset of JSON Schema our schema files use, answering one
 * question fast: does networknt report no error at all for this object? The common case (a clean
 * object) then costs one walk of the object instead of networknt's keyword-by-keyword evaluation,
 * which was more than half of the engine's time per review. It never words an error: anything it
 * does not accept goes to networknt, which stays the one source of every finding.
 *
 * <p>Sound by construction: it compiles only the keywords listed in {@link SchemaNode#compile} and
 * refuses a schema with any other keyword (the caller then always uses networknt), and where a
 * keyword's outcome is not plainly decidable (a fractional number against a bound) it answers "not
 * accepted" and lets networknt decide. The same {@link JsonTypes}, {@link Rfc3339} and {@link
 * BoundedRegexFactory} as the networknt dialect give the same answers. {@code SchemaAcceptorTest}
 * holds the two equal on a large set of mutated objects.
 */
final class SchemaAcceptor {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final SchemaNode root;

  private SchemaAcceptor(SchemaNode root) {
    this.root = root;
  }

  /** True only when networknt would report no error for {@code object}. */
  boolean accepts(JsonNode object) {
    return root.accepts(object);
  }

  /**
   * The acceptor of schema file {@code name}, its {@code $ref}s read through {@code files} (a file
   * name to its JSON, or null when there is none), or empty when it uses a foreign keyword.
   */
  static Optional<SchemaAcceptor> compile(String name, Function<String, JsonNode> files) {
    try {
      return Optional.of(new SchemaAcceptor(new Compiler(files).file(name)));
    } catch (Unsupported e) {
      return Optional.empty();
    }
  }

  static JsonNode resource(String file) {
    try (InputStream in =
        SchemaAcceptor.class.getResourceAsStream("/" + SchemaFiles.RESOURCES + file)) {
      return in == null ? null : JSON.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A keyword or form this acceptor does not compile. */
  static final class Unsupported extends RuntimeException {
    Unsupported(String what) {
      super(what, null, false, false);
    }
  }

  /** Resolves {@code $ref}s across the schema files, one node per referenced location. */
  static final class Compiler {
    private final Function<String, JsonNode> source;
    private final Map<String, JsonNode> files = new HashMap<>();
    private final Map<String, SchemaNode> byLocation = new HashMap<>();

    Compiler(Function<String, JsonNode> source) {
      this.source = source;
    }

    SchemaNode file(String name) {
      return at(name, "");
    }

    /** The node of {@code pointer} in {@code file}, compiled once (so a cycle would terminate). */
    SchemaNode at(String file, String pointer) {
      String location = file + "#" + pointer;
      SchemaNode node = byLocation.get(location);
      if (node == null) {
        JsonNode schema = read(file).at(pointer);
        if (schema.isMissingNode()) {
          throw new Unsupported("unresolved $ref " + location);
        }
        node = new SchemaNode();
        byLocation.put(location, node);
        node.compile(schema, file, this);
      }
      return node;
    }

    /**
     * A {@code $ref}, relative to {@code file}: {@code #/pointer} or {@code other.json#/pointer}.
     */
    SchemaNode ref(String ref, String file) {
      int hash = ref.indexOf('#');
      String target = hash == 0 ? file : hash < 0 ? ref : ref.substring(0, hash);
      String pointer = hash < 0 ? "" : ref.substring(hash + 1);
      if (target.contains("/") || target.contains(":")) {
        throw new Unsupported("$ref outside the schema directory: " + ref);
      }
      return at(target, pointer);
    }

    private JsonNode read(String file) {
      JsonNode schema = files.get(file);
      if (schema == null) {
        schema = source.apply(file);
        if (schema == null) {
          throw new Unsupported("no schema file " + file);
        }
        files.put(file, schema);
      }
      return schema;
    }
  }

  /**
   * A {@code pattern} as the networknt dialect compiles it (RE2 anchoring, the input bound), with
   * the Quantity pattern, the one our schemas use, recognised without a regex.
   */
  static RegularExpression pattern(String regex) {
    if (QuantitySyntax.CRD_PATTERN.equals(regex)) {
      return new QuantityPattern();
    }
    return new BoundedRegexFactory().getRegularExpression(regex);
  }

  /** The Quantity pattern, recognised without a regex (and marking a field as a Quantity). */
  static final class QuantityPattern implements RegularExpression {
    @Override
    public boolean matches(String value) {
      return value.length() <= BoundedRegexFactory.MAX_INPUT
          && QuantitySyntax.matchesCrdPattern(value);
    }
  }
}
