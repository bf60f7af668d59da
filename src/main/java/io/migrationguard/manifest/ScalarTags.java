package io.migrationguard.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.core.model.Shown;
import java.util.Base64;
import java.util.function.Predicate;

/**
 * A YAML scalar to JSON, honouring its style and explicit tag as go-yaml v2 does: quoted and block
 * scalars are strings, plain ones are resolved ({@link YamlScalars}), and {@code !!str}, {@code
 * !!int}, {@code !!float}, {@code !!bool}, {@code !!null} force (and check) the type; {@code
 * !!binary} is decoded from base64 into the string of its bytes, as go-yaml does when it decodes
 * into {@code interface{}}.
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
        case "str", "timestamp" -> text(text);
        case "binary" -> text(binary(text, loc));
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
      throw new DecodeException("cannot decode " + Shown.quoted(text) + " as a !!" + tag, loc);
    }
    return v;
  }

  /** Whether {@code tag} is {@code !!binary}. */
  static boolean isBinary(String tag) {
    return (PREFIX + "binary").equals(tag);
  }

  /**
   * A {@code !!binary} scalar as go-yaml v2 decodes it into {@code interface{}}: Go's {@code
   * base64.StdEncoding.DecodeString} (line breaks ignored, padding required), the bytes made a Go
   * string, which JSON then carries with every byte that is not UTF-8 replaced by U+FFFD.
   */
  static String binary(String text, Loc loc) throws DecodeException {
    StringBuilder b64 = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c != '\n' && c != '\r') {
        b64.append(c);
      }
    }
    byte[] bytes;
    try {
      if (b64.length() % 4 != 0) {
        throw new IllegalArgumentException("unpadded");
      }
      bytes = Base64.getDecoder().decode(b64.toString());
    } catch (IllegalArgumentException e) {
      throw new DecodeException("!!binary value contains invalid base64 data", loc);
    }
    return GoStrings.fromBytes(bytes);
  }

  private static JsonNode text(String s) {
    return JsonNodeFactory.instance.textNode(s);
  }
}
