package io.migrationguard.core.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.FindingBudget;
import io.migrationguard.core.model.Severity;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a rule reports, one constructor per kind of problem as in apimachinery's {@code field}
 * package. Bound to one rule id and severity so rules cannot mislabel their findings.
 */
public final class Findings {
  private final String rule;
  private final Severity severity;
  private final FindingBudget budget;
  private final List<Finding> list;
  // Set by an operator's rule action: every finding gets it, whatever the rule asks for.
  private final Severity forced;

  /** Findings kept in a list of their own (tests, helpers). */
  public Findings(String rule, Severity severity) {
    this(rule, severity, null);
  }

  /**
   * Findings handed straight to the review's {@code budget} (null: kept here): a rule reporting a
   * hundred thousand bad keys then builds no more than the budget stores.
   */
  public Findings(String rule, Severity severity, FindingBudget budget) {
    // With a budget nothing is kept here: no list per rule and review (the engine makes one
    // Findings for every rule it runs, and most report nothing).
    this(rule, severity, budget, budget == null ? new ArrayList<>() : List.of(), null);
  }

  private Findings(
      String rule, Severity severity, FindingBudget budget, List<Finding> list, Severity forced) {
    this.rule = rule;
    this.severity = forced == null ? severity : forced;
    this.budget = budget;
    this.list = list;
    this.forced = forced;
  }

  /**
   * These findings with every one at {@code forced} (an operator's {@code deny} or {@code warn}),
   * whatever severity the rule gives it; null leaves them as they are.
   */
  public Findings forcing(Severity forced) {
    return forced == null ? this : new Findings(rule, severity, budget, list, forced);
  }

  /**
   * The same rule's findings at {@code other} severity, into the same list or budget: for a rule
   * whose declared severity is its gravest, and whose milder cases are warnings.
   */
  public Findings as(Severity other) {
    return new Findings(rule, other, budget, list, forced);
  }

  /**
   * The same rule's findings as warnings whatever an operator's action says: for a requester a rule
   * judges but must never block (KubeVirt's own controller evacuating a node).
   */
  public Findings warningsOnly() {
    return new Findings(
        rule, Severity.WARNING, budget, list, forced == null ? null : Severity.WARNING);
  }

  /** The findings reported so far (kept here: none when they go to a budget). */
  public List<Finding> list() {
    return list;
  }

  public void add(CauseType type, FieldPath field, JsonNode value, String detail) {
    if (budget == null) {
      list.add(new Finding(rule, severity, type, field, value, detail));
    } else if (budget.hasRoom(severity)) {
      budget.add(new Finding(rule, severity, type, field, value, detail));
    } else {
      budget.omitted(severity, 1); // counted without building the finding
    }
  }

  public void required(FieldPath field, String detail) {
    add(CauseType.REQUIRED, field, null, detail);
  }

  public void invalid(FieldPath field, JsonNode value, String detail) {
    add(CauseType.INVALID, field, value, detail);
  }

  public void invalid(FieldPath field, String value, String detail) {
    add(CauseType.INVALID, field, text(value), detail);
  }

  public void notSupported(FieldPath field, JsonNode value, String detail) {
    add(CauseType.NOT_SUPPORTED, field, value, detail);
  }

  public void forbidden(FieldPath field, String detail) {
    add(CauseType.FORBIDDEN, field, null, detail);
  }

  public void duplicate(FieldPath field, JsonNode value, String detail) {
    add(CauseType.DUPLICATE, field, value, detail);
  }

  public void tooLong(FieldPath field, String detail) {
    add(CauseType.TOO_LONG, field, null, detail);
  }

  private static JsonNode text(String s) {
    return s == null ? null : JsonNodeFactory.instance.textNode(s);
  }
}
