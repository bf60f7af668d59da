package io.migrationguard.core.mutate;

import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Scope;

/**
 * What the catalogue knows of a defaulter without running it (the counterpart of {@link
 * io.migrationguard.core.rules.RuleInfo}).
 *
 * @param id the mutation id, e.g. {@code vmim-finalizer}
 * @param description one sentence ending in a period: what it adds
 * @param scope the kinds and operations it applies to
 */
public record DefaulterInfo(String id, String description, Scope scope) {
  /** Whether it runs for this kind and operation. */
  public boolean appliesTo(Kind kind, Operation operation) {
    return scope.includes(kind, operation);
  }
}
