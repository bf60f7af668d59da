package io.migrationguard.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cel.common.values.NullValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** JSON to CEL values and back, as the API server converts an unstructured object. */
final class CelValues {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private CelValues() {}

  /** An object as CEL sees it: maps, lists, int (64-bit), double, string, bool, null. */
  static Object of(JsonNode n) {
    if (n == null || n.isNull() || n.isMissingNode()) {
      return NullValue.NULL_VALUE;
    }
    if (n.isObject()) {
      Map<String, Object> m = new LinkedHashMap<>();
      n.properties().forEach(e -> m.put(e.getKey(), of(e.getValue())));
      return m;
    }
    if (n.isArray()) {
      List<Object> l = new ArrayList<>();
      n.forEach(e -> l.add(of(e)));
      return l;
    }
    if (n.isIntegralNumber()) {
      return n.canConvertToLong() ? (Object) n.longValue() : (Object) n.doubleValue();
    }
    if (n.isNumber()) {
      return n.doubleValue();
    }
    if (n.isBoolean()) {
      return n.booleanValue();
    }
    return n.asText();
  }

  /** A CEL result as JSON. */
  static JsonNode toJson(Object v) {
    if (v == null || v instanceof NullValue) {
      return JSON.nullNode();
    }
    if (v instanceof Map<?, ?> m) {
      ObjectNode o = JSON.objectNode();
      m.forEach((k, x) -> o.set(k.toString(), toJson(x)));
      return o;
    }
    if (v instanceof List<?> l) {
      ArrayNode a = JSON.arrayNode();
      l.forEach(x -> a.add(toJson(x)));
      return a;
    }
    if (v instanceof Long l) {
      return JSON.numberNode(l);
    }
    if (v instanceof Double d) {
      return JSON.numberNode(d);
    }
    if (v instanceof Boolean b) {
      return JSON.booleanNode(b);
    }
    return JSON.textNode(v.toString());
  }
}
