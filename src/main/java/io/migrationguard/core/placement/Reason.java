package io.migrationguard.core.placement;

/**
 * The first reason a node cannot take the target pod.
 *
 * @param kind what kind of cause
 * @param key the label key, the taint ({@code key=value:effect}), the failing affinity
 *     requirement's key, or empty
 * @param want the label value the pod wants (LABEL), the failing requirement (AFFINITY), or empty
 * @param text the reason in words a user can act on
 */
public record Reason(ReasonKind kind, String key, String want, String text) {
  public Reason {
    key = key == null ? "" : key;
    want = want == null ? "" : want;
  }

  /** What nodes refused for the same cause share: the grouping key of {@link ReasonGroup}. */
  public String groupKey() {
    return kind.id() + "|" + key + "|" + want;
  }
}
