package io.migrationguard.webhook.config;

import io.migrationguard.core.rules.RuleAction;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.export.RuleExports;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which settings weaken enforcement, one entry per rule they weaken: a rule turned off ({@code
 * disabled-rules}, {@code rule-actions=id=off}), a rule that only warns ({@code
 * rule-actions=id=warn}), a rule not run because the API server is assumed to run its exported
 * policy ({@code skip-exported-rules=true}: nothing here checks that the policies are installed).
 * Pure: the values in, the entries out; {@link EnforcementWeakened} names them.
 */
public final class WeakeningSettings {
  /** One rule weakened by one setting ({@code setting} as the property names it). */
  public record Weakened(String setting, String rule, String effect) {
    /** The start-up line. */
    public String line() {
      return "Enforcement weakened by migration-guard." + setting + ": rule " + rule + " " + effect;
    }
  }

  private WeakeningSettings() {}

  /** The entries, by setting then rule; empty when every rule is enforced as declared. */
  public static List<Weakened> of(
      Set<String> disabled,
      Map<String, RuleAction> actions,
      boolean skipExported,
      Settings settings) {
    List<Weakened> out = new ArrayList<>();
    for (String rule : new TreeSet<>(disabled)) {
      out.add(new Weakened("disabled-rules", rule, "is not run"));
    }
    for (String rule : new TreeSet<>(actions.keySet())) {
      RuleAction action = actions.get(rule);
      if (action == RuleAction.WARN) {
        out.add(new Weakened("rule-actions", rule, "only warns (its findings never deny)"));
      } else if (action == RuleAction.OFF && !disabled.contains(rule)) {
        out.add(new Weakened("rule-actions", rule, "is not run"));
      }
    }
    if (skipExported) {
      for (String rule : new TreeSet<>(RuleExports.exportedIds(settings))) {
        out.add(
            new Weakened(
                "skip-exported-rules",
                rule,
                "is not run here: the API server must run its exported admission policy"));
      }
    }
    return out;
  }
}
