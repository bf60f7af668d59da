package io.migrationguard.core;

import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.rules.NeedsRequester;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import io.migrationguard.core.rules.Settings;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules of each kind and operation, in catalogue order, with their operators' actions, worked
 * out once when the engine is built: a review walks only its own, without asking every rule of the
 * catalogue its scope and the settings its action.
 */
final class RulePlan {
  static {
    // One bit per lookup in an int: a 33rd lookup would share a bit and be taken as answered.
    if (Lookup.values().length > Integer.SIZE) {
      throw new ExceptionInInitializerError("more lookups than bits in a mask");
    }
  }

  /**
   * A rule as a review of its kind and operation runs it: its operator's action ({@code forced},
   * null for none), whether it needs the requester, and its lookups as a {@link #mask}.
   */
  record Planned(Rule rule, RuleInfo info, Severity forced, boolean needsRequester, int lookups) {
    /** Whether it needs a lookup the view answering {@code supported} (a mask) cannot answer. */
    boolean needsMoreThan(int supported) {
      return (lookups & ~supported) != 0;
    }
  }

  private final Map<Kind, Map<Operation, List<Planned>>> plans = new EnumMap<>(Kind.class);

  RulePlan(List<Rule> rules, Settings settings) {
    for (Kind kind : Kind.values()) {
      Map<Operation, List<Planned>> byOperation = new EnumMap<>(Operation.class);
      for (Operation operation : Operation.values()) {
        List<Planned> planned = new ArrayList<>();
        for (Rule rule : rules) {
          RuleInfo info = rule.info();
          if (info.appliesTo(kind, operation)) {
            planned.add(
                new Planned(
                    rule,
                    info,
                    settings.severities().get(info.id()),
                    rule instanceof NeedsRequester,
                    mask(info.lookups())));
          }
        }
        byOperation.put(operation, List.copyOf(planned));
      }
      plans.put(kind, byOperation);
    }
  }

  /** The rules a review of {@code kind} and {@code operation} runs, in catalogue order. */
  List<Planned> of(Kind kind, Operation operation) {
    return plans.get(kind).get(operation);
  }

  /** {@code lookups} as a mask of their ordinals: a review compares masks, not sets. */
  static int mask(Set<Lookup> lookups) {
    int bits = 0;
    for (Lookup l : lookups) {
      bits |= 1 << l.ordinal();
    }
    return bits;
  }
}
