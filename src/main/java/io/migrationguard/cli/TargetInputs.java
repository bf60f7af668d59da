package io.migrationguard.cli;

import io.migrationguard.core.placement.Feasibility;
import io.migrationguard.core.placement.NodeFacts;
import io.migrationguard.core.placement.Placement;
import io.migrationguard.core.placement.PlacementInput;
import java.util.List;

/**
 * What {@code explain}'s target view judges: the VMI, its launcher pod, the migration and the CR
 * ({@link PlacementInput}), and the Nodes, read from files or from the cluster.
 */
record TargetInputs(PlacementInput input, List<NodeFacts> nodes) {
  TargetInputs {
    nodes = List.copyOf(nodes);
  }

  Placement judge() {
    return Feasibility.judge(input, nodes);
  }
}
