package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One toleration of the target pod. {@link #tolerates} is {@code Toleration.ToleratesTaint} of
 * k8s.io/api core/v1 toleration.go (v0.34, vendored by KubeVirt v1.9.0), line for line.
 */
public record Toleration(String key, String operator, String value, String effect) {
  public Toleration {
    key = key == null ? "" : key;
    operator = operator == null ? "" : operator;
    value = value == null ? "" : value;
    effect = effect == null ? "" : effect;
  }

  static Toleration of(JsonNode t) {
    return new Toleration(
        t.path("key").asText(""),
        t.path("operator").asText(""),
        t.path("value").asText(""),
        t.path("effect").asText(""));
  }

  static List<Toleration> listOf(JsonNode array) {
    List<Toleration> out = new ArrayList<>();
    if (array != null && array.isArray()) {
      array.forEach(t -> out.add(of(t)));
    }
    return out;
  }

  /**
   * An empty effect matches every effect; an empty key matches every key (validation pairs it with
   * Exists); an empty operator means Equal. Any other operator tolerates nothing.
   */
  public boolean tolerates(Taint taint) {
    if (!effect.isEmpty() && !effect.equals(taint.effect())) {
      return false;
    }
    if (!key.isEmpty() && !key.equals(taint.key())) {
      return false;
    }
    return switch (operator) {
      case "", "Equal" -> value.equals(taint.value());
      case "Exists" -> true;
      default -> false;
    };
  }

  static boolean anyTolerates(List<Toleration> tolerations, Taint taint) {
    for (Toleration t : tolerations) {
      if (t.tolerates(taint)) {
        return true;
      }
    }
    return false;
  }
}
