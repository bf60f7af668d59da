package io.migrationguard.core.cluster;

/** The questions a rule may ask the cluster; a {@link ClusterView} says which it can answer. */
public enum Lookup {
  /** A VirtualMachineInstance by namespace and name. */
  VMI("VirtualMachineInstance"),
  /** The VirtualMachineInstanceMigrations of a namespace. */
  MIGRATIONS("VirtualMachineInstanceMigrations"),
  /** All MigrationPolicies of the cluster. */
  POLICIES("MigrationPolicies"),
  /** The feature gates of the KubeVirt CR. */
  FEATURE_GATES("KubeVirt feature gates"),
  /**
   * The VirtualMachineInstanceMigrations of every namespace and the KubeVirt CR's migration limits:
   * what decides whether a new migration starts or waits.
   */
  MIGRATION_QUEUE("the migrations of every namespace and the KubeVirt migration limits"),
  /**
   * Where a migration's target pod may land: the Nodes (as {@code NodeFacts}), the VMI's running
   * virt-launcher pod and the KubeVirt CR's placement settings.
   */
  NODES("the Nodes and the VMI's virt-launcher pod");

  private final String what;

  Lookup(String what) {
    this.what = what;
  }

  /** What is looked up, in words, for messages such as "could not look up ...". */
  public String what() {
    return what;
  }
}
