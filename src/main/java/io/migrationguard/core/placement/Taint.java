package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One taint of a Node, as {@code spec.taints[]} holds it. Only {@code NoSchedule} and {@code
 * NoExecute} keep a pod off a node; {@code PreferNoSchedule} is a score, not a filter.
 */
public record Taint(String key, String value, String effect) {
  public Taint {
    key = key == null ? "" : key;
    value = value == null ? "" : value;
    effect = effect == null ? "" : effect;
  }

  static Taint of(JsonNode t) {
    return new Taint(
        t.path("key").asText(""), t.path("value").asText(""), t.path("effect").asText(""));
  }

  /** Whether the scheduler's TaintToleration filter looks at this taint at all. */
  public boolean filters() {
    return effect.equals("NoSchedule") || effect.equals("NoExecute");
  }

  /** {@code key=value:effect}, or {@code key:effect} when the value is empty, as kubectl prints. */
  @Override
  public String toString() {
    return key + (value.isEmpty() ? "" : "=" + value) + ":" + effect;
  }
}
