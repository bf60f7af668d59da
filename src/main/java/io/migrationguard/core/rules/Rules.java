package io.migrationguard.core.rules;

import io.migrationguard.core.Settings;
import java.util.List;

/** The rule catalogue: one explicit list, in the order findings are reported. */
public final class Rules {
  private Rules() {}

  /** Every rule of rules.md §2-§4, configured with {@code settings}. */
  public static List<Rule> catalogue(Settings settings) {
    return List.of();
  }
}
