package io.migrationguard.core.rules;

import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.Severity;
import java.util.Set;

/**
 * What the catalogue knows of a rule without running it.
 *
 * @param id the stable rule id, e.g. {@code vmim-priority-enum}
 * @param description one sentence ending in a period: what the rule checks
 * @param fix one sentence ending in a period: what to change when it reports (the lint prints it
 *     under a finding, SARIF carries it as help)
 * @param kinds the kinds it applies to
 * @param operations the operations it applies to
 * @param severity the severity of its findings
 * @param lookups the cluster lookups it needs (empty for stateless rules)
 */
public record RuleInfo(
    String id,
    String description,
    String fix,
    Set<Kind> kinds,
    Set<Operation> operations,
    Severity severity,
    Set<Lookup> lookups) {

  /** Whether the rule runs for this kind and operation. */
  public boolean appliesTo(Kind kind, Operation operation) {
    return kinds.contains(kind) && operations.contains(operation);
  }
}
