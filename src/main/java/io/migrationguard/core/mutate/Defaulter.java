package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Review;
import io.migrationguard.core.Settings;

/**
 * One defaulting mutation of docs/architecture.md#mutations. It edits a copy of the object in
 * place; the engine diffs the copy against the original to get a minimal JSON Patch. A defaulter
 * only adds what is absent, never rewrites a user's value, and must leave an already-defaulted
 * object unchanged (idempotence). It must tolerate ill-typed input (a string where a map is
 * expected): then it does nothing.
 */
public interface Defaulter {
  /** The mutation id, e.g. {@code vmim-finalizer}. */
  String id();

  /** One sentence ending in a period. */
  String description();

  /** Whether it runs for this kind and operation. */
  boolean appliesTo(Kind kind, Operation operation);

  /** Edits {@code copy} (a deep copy of {@code review.object()}). */
  void apply(Review review, ObjectNode copy, Settings settings);
}
