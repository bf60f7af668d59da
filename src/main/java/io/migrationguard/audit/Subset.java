package io.migrationguard.audit;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Whether a stored report already says what a new one would: every field the new one sets is in the
 * stored one with an equal value (numbers by value: the API server returns {@code 3} where we wrote
 * a long), results in the same order, each result's {@code timestamp} ignored. Fields the API
 * server adds (defaults, metadata) do not count.
 */
final class Subset {
  private Subset() {}

  /**
   * Whether {@code stored} says exactly what {@code wanted} says: {@link #holds} both ways, so a
   * field that went away counts too (the results and the summary are all ours).
   */
  static boolean equal(JsonNode wanted, JsonNode stored) {
    return holds(wanted, stored) && holds(stored, wanted);
  }

  static boolean holds(JsonNode wanted, JsonNode stored) {
    if (wanted == null || wanted.isNull()) {
      return stored == null || stored.isNull() || stored.isMissingNode();
    }
    if (stored == null) {
      return false;
    }
    if (wanted.isObject()) {
      if (!stored.isObject()) {
        return false;
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = wanted.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (e.getKey().equals("timestamp")) {
          continue;
        }
        if (!holds(e.getValue(), stored.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }
    if (wanted.isArray()) {
      if (!stored.isArray() || stored.size() != wanted.size()) {
        return false;
      }
      for (int i = 0; i < wanted.size(); i++) {
        if (!holds(wanted.get(i), stored.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (wanted.isNumber()) {
      return stored.isNumber() && wanted.decimalValue().compareTo(stored.decimalValue()) == 0;
    }
    if (wanted.isMissingNode()) {
      return stored.isMissingNode() || stored.isNull();
    }
    return wanted.equals(stored);
  }
}
