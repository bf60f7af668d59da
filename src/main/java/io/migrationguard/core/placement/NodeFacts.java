package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the engine reads of a Node, and all it reads: the webhook's informer keeps only this
 * projection, so nothing else of a Node may ever decide a verdict.
 *
 * @param name {@code metadata.name}
 * @param labels {@code metadata.labels}
 * @param taints {@code spec.taints}, in the Node's order
 * @param unschedulable {@code spec.unschedulable}: cordoned
 */
public record NodeFacts(
    String name, Map<String, String> labels, List<Taint> taints, boolean unschedulable) {
  public NodeFacts {
    name = name == null ? "" : name;
    labels = Map.copyOf(labels);
    taints = List.copyOf(taints);
  }

  /** The projection of a Node object (JSON as the API server serves it, or as YAML read). */
  public static NodeFacts of(JsonNode node) {
    Map<String, String> labels = new TreeMap<>();
    node.path("metadata")
        .path("labels")
        .fields()
        .forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText("")));
    List<Taint> taints = new ArrayList<>();
    node.path("spec").path("taints").forEach(t -> taints.add(Taint.of(t)));
    return new NodeFacts(
        node.path("metadata").path("name").asText(""),
        labels,
        taints,
        node.path("spec").path("unschedulable").asBoolean(false));
  }

  /** Every Node of a {@code List} (or {@code NodeList}) object, or of a plain array. */
  public static List<NodeFacts> listOf(JsonNode list) {
    JsonNode items = list.isArray() ? list : list.path("items");
    List<NodeFacts> out = new ArrayList<>();
    for (JsonNode item : items) {
      if (item.path("kind").asText("Node").equals("Node")) {
        out.add(of(item));
      }
    }
    return out;
  }
}
