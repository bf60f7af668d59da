package io.migrationguard.core.rules;

import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Scope;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.Severity;
import java.util.Set;

/**
 * What the catalogue knows of a rule without running it; built with {@link #error} or {@link
 * #warning}, then {@link #needs} for a rule that reads the cluster.
 *
 * @param id the stable rule id, e.g. {@code vmim-priority-enum}
 * @param description one sentence ending in a period: what the rule checks
 * @param fix one sentence ending in a period: what to change when it reports (the lint prints it
 *     under a finding, SARIF carries it as help)
 * @param scope the kinds and operations it applies to
 * @param severity the severity of its findings
 * @param lookups the cluster lookups it needs (empty for stateless rules)
 */
public record RuleInfo(
    String id,
    String description,
    String fix,
    Scope scope,
    Severity severity,
    Set<Lookup> lookups) {

  public RuleInfo {
    lookups = Set.copyOf(lookups);
  }

  /** A stateless rule whose findings are errors. */
  public static RuleInfo error(String id, Scope scope, String description, String fix) {
    return new RuleInfo(id, description, fix, scope, Severity.ERROR, Set.of());
  }

  /** A stateless rule whose findings are warnings. */
  public static RuleInfo warning(String id, Scope scope, String description, String fix) {
    return new RuleInfo(id, description, fix, scope, Severity.WARNING, Set.of());
  }

  /** This rule reading the cluster through {@code needed}. */
  public RuleInfo needs(Lookup... needed) {
    return new RuleInfo(id, description, fix, scope, severity, Set.of(needed));
  }

  public Set<Kind> kinds() {
    return scope.kinds();
  }

  public Set<Operation> operations() {
    return scope.operations();
  }

  /** Whether the rule runs for this kind and operation. */
  public boolean appliesTo(Kind kind, Operation operation) {
    return scope.includes(kind, operation);
  }
}
