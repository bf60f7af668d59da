package io.migrationguard.core.schema;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.release.Releases;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** Shared fixtures of the schema tests: one compiled validator, samples, JSON tweaks. */
final class SchemaFixtures {
  static final JsonSchemaValidator VALIDATOR =
      JsonSchemaValidator.load(ReleaseSchemas.of(Releases.MAIN));
  static final ObjectMapper JSON = new ObjectMapper();
  private static final YAMLMapper YAML = new YAMLMapper();

  private SchemaFixtures() {}

  /** A sample of {@code src/test/resources/samples/}, fresh (callers may modify it). */
  static ObjectNode sample(String file) {
    try (InputStream in = SchemaFixtures.class.getResourceAsStream("/samples/" + file)) {
      if (in == null) {
        throw new IllegalArgumentException("no sample " + file);
      }
      return (ObjectNode) YAML.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A copy of {@code base} with {@code value} (JSON text) at {@code pointer}, creating missing
   * parent objects on the way.
   */
  static ObjectNode with(ObjectNode base, String pointer, String value) {
    ObjectNode copy = base.deepCopy();
    JsonPointer p = JsonPointer.compile(pointer);
    JsonNode parent = copy.at(p.head());
    if (parent.isMissingNode()) {
      parent = copy.withObject(p.head());
    }
    String last = p.last().getMatchingProperty();
    if (parent instanceof ArrayNode array) {
      array.set(Integer.parseInt(last), json(value));
    } else {
      ((ObjectNode) parent).set(last, json(value));
    }
    return copy;
  }

  /** A copy of {@code base} without the field at {@code pointer}. */
  static ObjectNode without(ObjectNode base, String pointer) {
    ObjectNode copy = base.deepCopy();
    JsonPointer p = JsonPointer.compile(pointer);
    ((ObjectNode) copy.at(p.head())).remove(p.last().getMatchingProperty());
    return copy;
  }

  static List<Finding> validate(Kind kind, JsonNode object) {
    return VALIDATOR.validate(kind, object, FieldValidation.STRICT);
  }

  static List<Finding> validate(Kind kind, JsonNode object, FieldValidation mode) {
    return VALIDATOR.validate(kind, object, mode);
  }

  /** The findings rendered the apimachinery way, for compact exact assertions. */
  static List<String> rendered(List<Finding> findings) {
    return findings.stream().map(Finding::render).toList();
  }
}
