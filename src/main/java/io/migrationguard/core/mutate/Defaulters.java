package io.migrationguard.core.mutate;

import java.util.List;

/**
 * The defaulting mutations of docs/architecture.md#mutations, in the order they are applied: the
 * operator's defaults first, so that the derived {@code allowWorkloadDisruption} follows a
 * configured {@code allowPostCopy}.
 */
public final class Defaulters {
  private Defaulters() {}

  public static List<Defaulter> all() {
    return List.of(
        new ConfiguredDefaults(),
        new VmimSelectorLabel(),
        new VmimFinalizer(),
        new PolicyWorkloadDisruption());
  }
}
