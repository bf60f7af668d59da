package io.migrationguard.cli.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.core.model.GoQuote;
import java.util.function.Predicate;

/**
 * A YAML scalar to JSON, honouring its style and explicit tag as go-yaml v2 does: quoted and block
 * scalars are strings, plain ones are resolved ({@link YamlScalars}), and {@code !!str}, {@code
 * !!int}, {@code !!float}, {@code !!bool}, {@code !!null} force (and check) the type.
 */
final class ScalarTags {
  private static final String PREFIX = "tag:yaml.org,2002:";

  private ScalarTags() {}

  static JsonNode value(String text, boolean plain, String tag, Loc loc) throws DecodeException {
    try {
      if (tag == null || tag.equals("!")) {
        return plain && tag == null ? YamlScalars.resolve(text) : text(text);
      }
      if (!tag.startsWith(PREFIX)) {
        return plain ? YamlScalars.resolve(text) : text(text);
      }
      String name = tag.substring(PREFIX.length());
      return switch (name) {
        case "str", "binary", "timestamp" -> text(text);
        case "null" -> typed(YamlScalars.resolve(text), JsonNode::isNull, name, text, loc);
        case "bool" -> typed(YamlScalars.resolve(text), JsonNode::isBoolean, name, text, loc);
        case "int" -> typed(YamlScalars.resolve(text), JsonNode::isIntegralNumber, name, text, loc);
        case "float" -> typed(YamlScalars.resolve(text), JsonNode::isNumber, name, text, loc);
        default -> plain ? YamlScalars.resolve(text) : text(text);
      };
    } catch (IllegalArgumentException e) {
      throw new DecodeException(e.getMessage(), loc);
    }
  }

  private static JsonNode typed(
      JsonNode v, Predicate<JsonNode> ok, String tag, String text, Loc loc) throws DecodeException {
    if (!ok.test(v)) {
      throw new DecodeException("cannot decode " + GoQuote.quote(text) + " as a !!" + tag, loc);
    }
    return v;
  }

  private static JsonNode text(String s) {
    return JsonNodeFactory.instance.textNode(s);
  }
}
