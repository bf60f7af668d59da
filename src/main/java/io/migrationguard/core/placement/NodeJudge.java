package io.migrationguard.core.placement;

import java.util.Map;

/**
 * The scheduler's node filters for one node, against constraints rendered once: its first reason
 * (in {@link ReasonKind}'s order) or a fit. Kubernetes sources followed (v1.34): pkg/scheduler/
 * framework/plugins/nodeunschedulable, tainttoleration (FindMatchingUntoleratedTaint over
 * NoSchedule and NoExecute), nodeaffinity (nodeSelector and required terms through
 * component-helpers/scheduling/corev1/nodeaffinity), and interpodaffinity for the anti-affinity to
 * the source's hostname.
 */
final class NodeJudge {
  private NodeJudge() {}

  private static final Taint UNSCHEDULABLE =
      new Taint(KubeVirtLabels.UNSCHEDULABLE_TAINT, "", "NoSchedule");

  static NodeVerdict judge(TargetPod pod, NodeFacts node) {
    Reason reason = firstReason(pod, node);
    return new NodeVerdict(node.name(), reason == null, reason);
  }

  private static Reason firstReason(TargetPod pod, NodeFacts node) {
    if (pod.noTargetPod() != null) {
      return new Reason(
          ReasonKind.NO_TARGET_POD,
          "",
          "",
          "virt-controller makes no target pod: " + pod.noTargetPod());
    }
    if (isSource(pod, node)) {
      return new Reason(
          ReasonKind.SOURCE,
          "",
          "",
          "runs the VMI now (the target pod's anti-affinity to its source)");
    }
    if (node.unschedulable() && !Toleration.anyTolerates(pod.tolerations(), UNSCHEDULABLE)) {
      return new Reason(ReasonKind.CORDONED, "", "", "is cordoned (spec.unschedulable)");
    }
    for (Taint t : node.taints()) {
      if (t.filters() && !Toleration.anyTolerates(pod.tolerations(), t)) {
        return new Reason(
            ReasonKind.TAINT,
            t.toString(),
            "",
            "has taint " + t + ", which the VMI does not tolerate");
      }
    }
    for (Map.Entry<String, String> want : pod.nodeSelector().entrySet()) {
      String have = node.labels().get(want.getKey());
      if (!want.getValue().equals(have)) {
        String origin = pod.origins().getOrDefault(want.getKey(), "the pod's nodeSelector");
        String text =
            have == null
                ? "lacks label " + label(want.getKey(), want.getValue()) + " (" + origin + ")"
                : "has label "
                    + want.getKey()
                    + "="
                    + have
                    + ", the pod wants "
                    + want.getValue()
                    + " ("
                    + origin
                    + ")";
        return new Reason(ReasonKind.LABEL, want.getKey(), want.getValue(), text);
      }
    }
    if (pod.requiredAffinity()) {
      return affinity(pod, node);
    }
    return null;
  }

  // interpodaffinity: the source pod's topology pair (kubernetes.io/hostname, value) is taken.
  private static boolean isSource(TargetPod pod, NodeFacts node) {
    if (pod.sourceNode().isEmpty()) {
      return false;
    }
    if (node.name().equals(pod.sourceNode())) {
      return true;
    }
    String hostname = node.labels().get(KubeVirtLabels.HOSTNAME);
    return pod.sourceHostname() != null && pod.sourceHostname().equals(hostname);
  }

  private static Reason affinity(TargetPod pod, NodeFacts node) {
    if (pod.terms().isEmpty()) {
      return new Reason(
          ReasonKind.AFFINITY, "", "", "the required node affinity has no terms: no node matches");
    }
    Requirement first = null;
    for (SelectorTerm term : pod.terms()) {
      Requirement failing = term.firstFailing(node);
      if (failing == null) {
        return null;
      }
      if (first == null) {
        first = failing;
      }
    }
    String which =
        pod.terms().size() == 1
            ? "fails the required node affinity: "
            : "matches none of the "
                + pod.terms().size()
                + " required node affinity terms; the first fails on ";
    String detail;
    if (!first.valid()) {
      detail = first + " (not a valid requirement: the term matches nothing)";
    } else if (first.operator().equals("DoesNotExist")) {
      detail = "label " + first.key() + " must not exist";
    } else {
      detail = first.toString();
    }
    return new Reason(ReasonKind.AFFINITY, first.key(), first.toString(), which + detail);
  }

  /** {@code key} alone when the wanted value is "true", as KubeVirt's feature labels read. */
  static String label(String key, String value) {
    return value.equals("true") ? key : key + "=" + value;
  }
}
