package io.migrationguard.core.placement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine: renders the target pod's node constraints once, then one pass over the Nodes. Cost is
 * linear in the Nodes times the constraints; nothing is kept between calls.
 */
public final class Feasibility {
  private Feasibility() {}

  public static Placement judge(PlacementInput in, Collection<NodeFacts> nodes) {
    String sourceName = in.vmi().path("status").path("nodeName").asText("");
    NodeFacts source = null;
    for (NodeFacts n : nodes) {
      if (n.name().equals(sourceName)) {
        source = n;
        break;
      }
    }
    TargetPod pod = TargetPodRenderer.render(in, source);
    List<String> feasible = new ArrayList<>();
    List<NodeVerdict> verdicts = new ArrayList<>(nodes.size());
    Map<String, List<String>> members = new LinkedHashMap<>();
    Map<String, Reason> reasons = new LinkedHashMap<>();
    for (NodeFacts n : nodes) {
      NodeVerdict v = NodeJudge.judge(pod, n);
      verdicts.add(v);
      if (v.fits()) {
        feasible.add(v.name());
      } else {
        String key = v.reason().groupKey();
        reasons.putIfAbsent(key, v.reason());
        members.computeIfAbsent(key, k -> new ArrayList<>()).add(v.name());
      }
    }
    List<ReasonGroup> groups = new ArrayList<>();
    members.forEach((k, names) -> groups.add(new ReasonGroup(reasons.get(k), names)));
    groups.sort(
        Comparator.comparingInt(ReasonGroup::count)
            .reversed()
            .thenComparing(g -> g.reason().kind())
            .thenComparing(g -> g.reason().key())
            .thenComparing(g -> g.reason().want()));
    return new Placement(
        in.vmiName(),
        in.release().name(),
        feasible,
        verdicts,
        groups,
        Unjudged.of(in.vmi()),
        pod.notes(),
        pod);
  }
}
