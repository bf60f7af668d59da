package io.migrationguard.core.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which MigrationPolicy KubeVirt applies to a VMI, computed as virt-controller does in {@code
 * pkg/virt-controller/watch/migration/migrationpolicy.go} ({@code matchPolicy}, {@code
 * countMatchingLabels}), identical from v1.5.0 to v1.9.0 and at main (d923fdb815):
 *
 * <ul>
 *   <li>no {@code spec.selectors}: no match;
 *   <li>every key of the VMI selector must be a VMI label with the same value, checked only when
 *       the selector and the VMI's labels are non-nil;
 *   <li>then every key of the namespace selector must be a namespace label with the same value,
 *       checked when the selector and, as KubeVirt writes it, the <em>VMI's</em> labels are non-nil
 *       (always, since KubeVirt adds the target-node label just before);
 *   <li>the best score wins: most matching labels in total, then most VMI labels; among equal
 *       scores the smallest name (Go string order: bytes).
 * </ul>
 *
 * <p>A policy that matches with no labels (empty selectors) scores 0 and still wins when nothing
 * scores more, as in KubeVirt, where the best score starts at zero.
 */
public final class PolicyChoice {
  /** The label virt-controller sets on the VMI, the target pod's node, before matching. */
  public static final String TARGET_NODE_LABEL = "kubevirt.io/migrationTargetNodeName";

  private PolicyChoice() {}

  /**
   * The outcome.
   *
   * @param matches every policy's match, in the order given
   * @param chosen the policy KubeVirt applies, or null
   * @param tied the names of the matching policies with the chosen one's score (the tie the name
   *     broke), sorted; just the chosen one when there was no tie
   */
  public record Outcome(List<PolicyMatch> matches, PolicyMatch chosen, List<String> tied) {}

  /**
   * @param vmiLabels the VMI's labels as KubeVirt matches them (the target-node label included; a
   *     null value where that node is not known)
   * @param namespaceLabels the namespace's labels, or null for nil
   */
  public static Outcome choose(
      List<Candidate> policies,
      Map<String, String> vmiLabels,
      Map<String, String> namespaceLabels) {
    List<PolicyMatch> all = new ArrayList<>(policies.size());
    List<PolicyMatch> best = new ArrayList<>();
    PolicyMatch bestScore = new PolicyMatch(null, true, 0, 0, null, false);
    for (Candidate p : policies) {
      PolicyMatch m = match(p, vmiLabels, namespaceLabels);
      all.add(m);
      if (!m.matches()) {
        continue;
      }
      if (m.greaterThan(bestScore)) {
        bestScore = m;
        best.clear();
        best.add(m);
      } else if (m.sameScore(bestScore)) {
        best.add(m);
      }
      // else: lessThan, skipped
    }
    if (best.isEmpty()) {
      return new Outcome(all, null, List.of());
    }
    PolicyMatch chosen = best.get(0);
    for (PolicyMatch m : best) {
      if (m.policy().name().compareTo(chosen.policy().name()) < 0) {
        chosen = m;
      }
    }
    TreeSet<String> tied = new TreeSet<>();
    best.forEach(m -> tied.add(m.policy().name()));
    return new Outcome(all, chosen, List.copyOf(tied));
  }

  /** KubeVirt's {@code countMatchingLabels}, with the reason when it does not match. */
  static PolicyMatch match(
      Candidate p, Map<String, String> vmiLabels, Map<String, String> namespaceLabels) {
    if (!p.hasSelectors()) {
      return new PolicyMatch(p, false, 0, 0, "no spec.selectors", false);
    }
    int vmi = 0;
    boolean onTargetNode = false;
    if (p.vmiSelector() != null && vmiLabels != null) {
      String miss = firstMiss(p.vmiSelector(), vmiLabels, "VMI");
      if (miss != null) {
        return new PolicyMatch(p, false, 0, 0, "virtualMachineInstanceSelector: " + miss, false);
      }
      // Every other key matches: only the node KubeVirt has not chosen yet can still fail it.
      onTargetNode =
          p.vmiSelector().containsKey(TARGET_NODE_LABEL)
              && vmiLabels.containsKey(TARGET_NODE_LABEL)
              && vmiLabels.get(TARGET_NODE_LABEL) == null;
      vmi = p.vmiSelector().size();
    }
    int ns = 0;
    if (p.namespaceSelector() != null && vmiLabels != null) {
      String miss = firstMiss(p.namespaceSelector(), namespaceLabels, "namespace");
      if (miss != null) {
        return new PolicyMatch(p, false, 0, 0, "namespaceSelector: " + miss, false);
      }
      ns = p.namespaceSelector().size();
    }
    if (onTargetNode) {
      return new PolicyMatch(
          p,
          false,
          0,
          0,
          "virtualMachineInstanceSelector: "
              + TARGET_NODE_LABEL
              + "="
              + p.vmiSelector().get(TARGET_NODE_LABEL)
              + ": matches only a migration to that node (KubeVirt sets this label to the target"
              + " node; give --target-node); it would score "
              + (vmi + ns),
          true);
    }
    return new PolicyMatch(p, true, vmi, ns, null, false);
  }

  /**
   * The first key (in key order) of {@code selector} that {@code labels} does not satisfy, said in
   * words, or null; a label whose value is not known yet (the target node) is not a miss.
   */
  private static String firstMiss(
      Map<String, String> selector, Map<String, String> labels, String whose) {
    for (String key : new TreeSet<>(selector.keySet())) {
      String want = selector.get(key);
      if (labels == null || !labels.containsKey(key)) {
        return key + "=" + want + ": the " + whose + " has no label " + key;
      }
      String have = labels.get(key);
      if (have != null && !have.equals(want)) {
        return key + "=" + want + ": the " + whose + " has " + key + "=" + have;
      }
    }
    return null;
  }
}
