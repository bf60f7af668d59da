package io.migrationguard.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the checker needs of a lint run's options: the schema's strictness, the requesting user
 * ({@code --as}), whether warnings count as errors, and the rules turned off. The lint's command
 * line and the audit both build one, so the checker depends on neither.
 */
public record CheckOptions(
    boolean strict, String as, boolean warningsAsErrors, Set<String> disabled) {
  public CheckOptions {
    disabled = Set.copyOf(disabled);
  }

  /** The options a judge of stored objects runs with: lenient schema, no user, these rules off. */
  public static CheckOptions stored(Set<String> disabled) {
    return new CheckOptions(false, null, false, disabled);
  }

  /** A comma-separated rule list as the flags, the config file and inline comments spell it. */
  public static List<String> ruleList(String value) {
    List<String> out = new ArrayList<>();
    for (String part : value.split(",")) {
      if (!part.isBlank()) {
        out.add(part.strip());
      }
    }
    return out;
  }
}
