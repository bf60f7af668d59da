package io.migrationguard.core.rules;

import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.Declared;
import io.migrationguard.core.model.Review;

/**
 * One check of the engine's catalogue ({@link Rules}): its {@link RuleInfo} plus {@link #check}. A
 * rule reads the review (and, when its {@link RuleInfo#lookups()} say so, the cluster) and reports
 * problems into {@link Findings}; it never throws for bad input. It may assume the object passed
 * the schema.
 */
public abstract class Rule extends Declared<RuleInfo> {
  protected Rule(RuleInfo info) {
    super(info);
  }

  /** Checks {@code review}, reporting into {@code out}. */
  public abstract void check(Review review, ClusterView cluster, Findings out);
}
