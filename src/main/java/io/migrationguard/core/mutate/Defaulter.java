package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Declared;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.rules.Settings;

/**
 * One defaulting mutation of the catalogue ({@link Defaulters}): its {@link DefaulterInfo} plus
 * {@link #apply}. It edits a copy of the object in place; the engine diffs the copy against the
 * original to get a minimal JSON Patch. A defaulter only adds what is absent, never rewrites a
 * user's value, and must leave an already-defaulted object unchanged (idempotence). It must
 * tolerate ill-typed input (a string where a map is expected): then it does nothing.
 */
public abstract class Defaulter extends Declared<DefaulterInfo> {
  protected Defaulter(DefaulterInfo info) {
    super(info);
  }

  /** Edits {@code copy} (a deep copy of {@code review.object()}). */
  public abstract void apply(Review review, ObjectNode copy, Settings settings);
}
