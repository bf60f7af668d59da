package io.migrationguard.core.mutate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads the operator-configured defaults (docs/architecture.md#mutations {@code configured-defaults}) from
 * configuration, per kind, into the partial objects {@link io.migrationguard.core.rules.Settings} takes.
 * Two spellings, merged (leaves win):
 *
 * <ul>
 *   <li>{@code migration-guard.defaults.<kind>} = a JSON object, exact types, handy as an
 *       environment variable ({@code MIGRATION_GUARD_DEFAULTS_MIGRATIONPOLICY});
 *   <li>{@code migration-guard.defaults.<kind>.<field path>} = one value, e.g. {@code
 *       migration-guard.defaults.migrationpolicy.spec.bandwidthPerMigration=64Mi}; quote a path
 *       segment that holds dots ({@code metadata.labels."example.com/team"}).
 * </ul>
 *
 * {@code <kind>} is {@code migrationpolicy} or {@code virtualmachineinstancemigration}. A leaf value
 * is a string, except {@code true}/{@code false} (booleans), plain integers (numbers), and values
 * starting with {@code "}, {@code {} or {@code [} (read as JSON). Decimals stay strings on purpose:
 * {@code 0.5} is a valid Quantity string, but a JSON number with a fraction is a type error for
 * Quantity fields.
 */
public final class DefaultsConfig {
  /** The property prefix. */
  public static final String PREFIX = "migration-guard.defaults.";

  private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9][0-9]{0,17})");
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private DefaultsConfig() {}

  /**
   * Builds the defaults from {@code names} (every configured property name) and {@code value} (a
   * property's value). Throws {@link IllegalArgumentException} naming the property on bad input, so
   * that a misconfigured service fails at start instead of defaulting wrongly.
   */
  public static Map<Kind, ObjectNode> read(
      Iterable<String> names, Function<String, Optional<String>> value) {
    Map<Kind, ObjectNode> out = new EnumMap<>(Kind.class);
    for (Kind kind : Kind.values()) {
      value
          .apply(PREFIX + token(kind))
          .filter(s -> !s.isBlank())
          .ifPresent(json -> out.put(kind, objectOf(PREFIX + token(kind), json)));
    }
    for (String name : names) {
      if (!name.startsWith(PREFIX)) {
        continue;
      }
      List<String> segments = segments(name, name.substring(PREFIX.length()));
      Kind kind = kind(name, segments.get(0));
      if (segments.size() == 1) {
        continue; // the JSON spelling, read above
      }
      Optional<String> v = value.apply(name);
      if (v.isPresent()) {
        ObjectNode root = out.computeIfAbsent(kind, k -> JsonNodeFactory.instance.objectNode());
        put(name, root, segments.subList(1, segments.size()), leaf(name, v.get()));
      }
    }
    return out;
  }

  private static String token(Kind kind) {
    return kind.kindName().toLowerCase(Locale.ROOT);
  }

  private static Kind kind(String property, String token) {
    for (Kind k : Kind.values()) {
      if (token(k).equals(token.toLowerCase(Locale.ROOT))) {
        return k;
      }
    }
    throw new IllegalArgumentException(
        property
            + ": unknown kind \""
            + token
            + "\"; expected migrationpolicy or "
            + "virtualmachineinstancemigration");
  }

  private static void put(String property, ObjectNode root, List<String> path, JsonNode value) {
    ObjectNode node = root;
    for (String segment : path.subList(0, path.size() - 1)) {
      JsonNode child = node.get(segment);
      if (child == null) {
        child = node.putObject(segment);
      } else if (!child.isObject()) {
        throw new IllegalArgumentException(property + ": \"" + segment + "\" is not an object");
      }
      node = (ObjectNode) child;
    }
    node.set(path.get(path.size() - 1), value);
  }

  static JsonNode leaf(String property, String raw) {
    String s = raw.trim();
    if (s.equals("true") || s.equals("false")) {
      return JsonNodeFactory.instance.booleanNode(Boolean.parseBoolean(s));
    }
    if (INTEGER.matcher(s).matches()) {
      return json(property, s); // the node type the API server's JSON would give
    }
    if (s.startsWith("\"") || s.startsWith("{") || s.startsWith("[")) {
      return json(property, s);
    }
    return JsonNodeFactory.instance.textNode(raw);
  }

  private static ObjectNode objectOf(String property, String json) {
    JsonNode node = json(property, json);
    if (!node.isObject()) {
      throw new IllegalArgumentException(property + ": expected a JSON object");
    }
    return (ObjectNode) node;
  }

  private static JsonNode json(String property, String text) {
    try {
      return MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(property + ": not valid JSON: " + e.getOriginalMessage());
    }
  }

  /** Splits a property name on dots, keeping dots inside double-quoted segments. */
  static List<String> segments(String property, String path) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    boolean quoted = false;
    for (char c : path.toCharArray()) {
      if (c == '"') {
        quoted = !quoted;
      } else if (c == '.' && !quoted) {
        out.add(current.toString());
        current.setLength(0);
      } else {
        current.append(c);
      }
    }
    out.add(current.toString());
    if (quoted || out.stream().anyMatch(String::isEmpty)) {
      throw new IllegalArgumentException(property + ": malformed field path");
    }
    return out;
  }
}
