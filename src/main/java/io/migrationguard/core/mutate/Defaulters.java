package io.migrationguard.core.mutate;

import java.util.List;

/** The defaulting mutations of rules.md §5, in the order they are applied. */
public final class Defaulters {
  private Defaulters() {}

  public static List<Defaulter> all() {
    return List.of();
  }
}
