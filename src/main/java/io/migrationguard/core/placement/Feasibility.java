package io.migrationguard.core.placement;

import com.fasterxml.jackson.databind.JsonNode;
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

  /**
   * Whether some node can take the target pod, stopping at the first that can: the webhook's common
   * case costs the rendering and a few nodes, not a verdict and a reason for each of them. The same
   * answer as {@code judge(in, nodes).anyFeasible()}.
   */
  public static boolean anyFeasible(PlacementInput in, Collection<NodeFacts> nodes) {
    TargetPod pod = TargetPodRenderer.render(in, source(in, nodes));
    if (pod.noTargetPod() != null) {
      return false;
    }
    for (NodeFacts n : nodes) {
      if (NodeJudge.judge(pod, n).fits()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the source pod can change the answer: only a host-model VMI's target pod copies its
   * selectors (after the CR's default model is applied). A caller may skip looking it up otherwise.
   *
   * @param kubevirt the KubeVirt CR, or null
   */
  public static boolean readsSourcePod(JsonNode vmi, JsonNode kubevirt) {
    return Vmi.cpuModel(vmi, KubeVirtSettings.of(kubevirt)).equals(KubeVirtLabels.HOST_MODEL);
  }

  private static NodeFacts source(PlacementInput in, Collection<NodeFacts> nodes) {
    String sourceName = in.vmi().path("status").path("nodeName").asText("");
    for (NodeFacts n : nodes) {
      if (n.name().equals(sourceName)) {
        return n;
      }
    }
    return null;
  }

  public static Placement judge(PlacementInput in, Collection<NodeFacts> nodes) {
    TargetPod pod = TargetPodRenderer.render(in, source(in, nodes));
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
