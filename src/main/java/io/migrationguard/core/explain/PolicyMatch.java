package io.migrationguard.core.explain;

/**
 * How one policy fares against a VMI (KubeVirt's {@code countMatchingLabels}).
 *
 * @param policy the policy
 * @param matches every key of both selectors found with its value (or no selector to check)
 * @param vmiLabels the VMI selector's keys matched (0 when it does not match)
 * @param namespaceLabels the namespace selector's keys matched (0 when it does not match)
 * @param failure why it does not match, naming the first failing key in key order; null when it
 *     matches
 * @param onTargetNode the policy selects on {@code kubevirt.io/migrationTargetNodeName}, whose
 *     value is the target node KubeVirt has not chosen yet (no {@code --target-node}): counted as
 *     no match, and said
 */
public record PolicyMatch(
    Candidate policy,
    boolean matches,
    int vmiLabels,
    int namespaceLabels,
    String failure,
    boolean onTargetNode) {

  /** KubeVirt's first comparison: matching labels of both selectors together. */
  public int total() {
    return vmiLabels + namespaceLabels;
  }

  /**
   * KubeVirt's {@code migrationPolicyMatchScore.greaterThan}: the larger total, and on equal totals
   * more VMI labels.
   */
  boolean greaterThan(PolicyMatch other) {
    if (total() == other.total()) {
      return vmiLabels > other.vmiLabels;
    }
    return total() > other.total();
  }

  boolean sameScore(PolicyMatch other) {
    return vmiLabels == other.vmiLabels && namespaceLabels == other.namespaceLabels;
  }
}
