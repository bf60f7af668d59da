package io.migrationguard.core.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * List helpers of the cluster views (the lint's and the service's): objects compare by identity,
 * order is input order.
 */
public final class Views {
  private Views() {}

  /** {@code list} without {@code self} (by identity). */
  public static List<JsonNode> without(List<JsonNode> list, JsonNode self) {
    List<JsonNode> out = new ArrayList<>(list.size());
    for (JsonNode n : list) {
      if (n != self) {
        out.add(n);
      }
    }
    return out;
  }

  /** The union of {@code lists}, each object once, sorted by {@code seq}. */
  @SafeVarargs
  public static List<JsonNode> union(Map<JsonNode, Integer> seq, List<JsonNode>... lists) {
    Set<JsonNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    List<JsonNode> out = new ArrayList<>();
    for (List<JsonNode> l : lists) {
      for (JsonNode n : l) {
        if (seen.add(n)) {
          out.add(n);
        }
      }
    }
    if (lists.length > 1) {
      out.sort(Comparator.comparingInt(n -> seq.getOrDefault(n, Integer.MAX_VALUE)));
    }
    return out;
  }
}
