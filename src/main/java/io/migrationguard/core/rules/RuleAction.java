package io.migrationguard.core.rules;

import io.migrationguard.core.model.Severity;
import java.util.Locale;

/**
 * What an operator makes of a rule's findings ({@code migration-guard.rule-actions}, the lint
 * config's {@code rules:}), as Gatekeeper's {@code enforcementAction}, Kyverno's {@code
 * validationFailureAction} or a ValidatingAdmissionPolicy binding's {@code validationActions} do:
 * roll a rule out as a warning before it denies anyone, or turn it off.
 */
public enum RuleAction {
  /** Every finding of the rule is an error: the review is denied (a warning rule included). */
  DENY(Severity.ERROR),
  /** Every finding is a warning: the review is admitted with it (an error rule included). */
  WARN(Severity.WARNING),
  /** The rule does not run. */
  OFF(null);

  private final Severity severity;

  RuleAction(Severity severity) {
    this.severity = severity;
  }

  /** The severity every finding of the rule gets, or null for OFF. */
  public Severity severity() {
    return severity;
  }

  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** {@code deny}, {@code warn} or {@code off}; null for anything else. */
  public static RuleAction parse(String word) {
    return switch (word.strip().toLowerCase(Locale.ROOT)) {
      case "deny" -> DENY;
      case "warn" -> WARN;
      case "off" -> OFF;
      default -> null;
    };
  }
}
