package io.migrationguard.core.rules;

import io.migrationguard.core.Review;
import io.migrationguard.core.cluster.ClusterView;

/**
 * One check of docs/rules.md, one class each. A rule reads the review (and, when its {@link
 * RuleInfo#lookups()} say so, the cluster) and reports problems into {@link Findings}; it never
 * throws for bad input. It may assume the object passed the schema.
 */
public interface Rule {
  /** The rule's id, description, scope and severity. */
  RuleInfo info();

  /** Checks {@code review}, reporting into {@code out}. */
  void check(Review review, ClusterView cluster, Findings out);
}
