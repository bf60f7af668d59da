package io.migrationguard.core.placement;

import java.util.List;

/**
 * The refused nodes that share a first reason, for "7 lack cpu-model-migration...".
 *
 * @param reason the shared reason (its text is the first node's)
 * @param nodes the nodes, in input order
 */
public record ReasonGroup(Reason reason, List<String> nodes) {
  public ReasonGroup {
    nodes = List.copyOf(nodes);
  }

  public int count() {
    return nodes.size();
  }
}
