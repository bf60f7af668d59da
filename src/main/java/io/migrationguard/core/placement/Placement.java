package io.migrationguard.core.placement;

import java.util.List;

/**
 * Where a migration's target pod can land, as far as Nodes tell.
 *
 * @param vmi the VMI's name
 * @param release the release profile that rendered the pod
 * @param feasible the nodes that can take it, in input order
 * @param nodes every node's verdict, in input order
 * @param refused the refused nodes grouped by first reason, largest group first
 * @param notJudged what the scheduler also checks that Nodes cannot tell
 * @param notes what had to be assumed
 * @param targetPod the rendered constraints the verdicts were judged against
 */
public record Placement(
    String vmi,
    String release,
    List<String> feasible,
    List<NodeVerdict> nodes,
    List<ReasonGroup> refused,
    List<Unjudged> notJudged,
    List<String> notes,
    TargetPod targetPod) {
  public Placement {
    feasible = List.copyOf(feasible);
    nodes = List.copyOf(nodes);
    refused = List.copyOf(refused);
    notJudged = List.copyOf(notJudged);
    notes = List.copyOf(notes);
  }

  /** Whether some node can take the target pod. */
  public boolean anyFeasible() {
    return !feasible.isEmpty();
  }

  /** The one-line summary for a warning, bounded (see {@link PlacementSummary}). */
  public String summary() {
    return PlacementSummary.line(
        this, PlacementSummary.DEFAULT_GROUPS, PlacementSummary.DEFAULT_NAMES);
  }
}
