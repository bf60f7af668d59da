package io.migrationguard.core.placement;

import java.util.List;

/**
 * What a drain of {@link #node} does to each VMI on it ({@link Drain}).
 *
 * @param node the drained node
 * @param vmis each VMI's fate, in the order listed
 */
public record DrainPlan(String node, List<Vmi> vmis) {
  public DrainPlan {
    vmis = List.copyOf(vmis);
  }

  /** What happens to one VMI. */
  public enum Outcome {
    /** Migrated away: some node can take its target pod. */
    MIGRATES("migrates"),
    /** Keeps the drain from finishing: its eviction is refused, or its migration cannot land. */
    BLOCKS("blocks"),
    /** Evicted and shut down, not moved. */
    STOPS("stops"),
    /** Left to an external controller (eviction strategy External). */
    EXTERNAL("external");

    private final String id;

    Outcome(String id) {
      this.id = id;
    }

    public String id() {
      return id;
    }
  }

  /**
   * @param namespace the VMI's namespace
   * @param name its name
   * @param strategy the eviction strategy in force
   * @param strategyFrom where it comes from: {@code vmi}, {@code kubevirt} (the CR) or {@code
   *     default}
   * @param liveMigratable its LiveMigratable condition is True
   * @param placement where its target pod can land (the drained node cordoned), or null when no
   *     migration would be made
   * @param outcome what the drain does to it
   * @param why the outcome in words
   */
  public record Vmi(
      String namespace,
      String name,
      String strategy,
      String strategyFrom,
      boolean liveMigratable,
      Placement placement,
      Outcome outcome,
      String why) {}

  /** The VMIs that keep the drain from finishing. */
  public List<Vmi> blocking() {
    return vmis.stream().filter(v -> v.outcome() == Outcome.BLOCKS).toList();
  }

  /** Whether the drain moves every VMI (none blocks, none is stopped or left to others). */
  public boolean movesEvery() {
    return vmis.stream().allMatch(v -> v.outcome() == Outcome.MIGRATES);
  }
}
