package io.migrationguard.core.placement;

/**
 * Why a node cannot take the target pod, in the order the engine checks them (docs/placement.md):
 * what applies to every node first, then what an operator undoes on the node (the source, a cordon,
 * a taint), then what the node lacks (labels, then affinity).
 */
public enum ReasonKind {
  /** virt-controller makes no target pod at all. */
  NO_TARGET_POD("no-target-pod"),
  /** The node runs the VMI: the target pod's required anti-affinity keeps it off. */
  SOURCE("source"),
  /** {@code spec.unschedulable} and no toleration of node.kubernetes.io/unschedulable. */
  CORDONED("cordoned"),
  /** A NoSchedule or NoExecute taint the pod does not tolerate. */
  TAINT("taint"),
  /** A nodeSelector label the node lacks, or has with another value. */
  LABEL("label"),
  /** No term of the required node affinity matches. */
  AFFINITY("affinity");

  private final String id;

  ReasonKind(String id) {
    this.id = id;
  }

  /** The kind as {@code -o json} and the case files spell it. */
  public String id() {
    return id;
  }
}
