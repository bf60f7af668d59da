package io.migrationguard.core.rules.policy;

import static io.migrationguard.core.model.Operation.CREATE;
import static io.migrationguard.core.model.Operation.UPDATE;

import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cel.Words;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.List;
import java.util.Set;

/** {@code policy-completion-timeout}: the per-GiB completion timeout is not negative (parity). */
public final class CompletionTimeout extends Rule {
  public CompletionTimeout() {
    super(
        RuleInfo.error(
                "policy-completion-timeout",
                Scope.POLICY_WRITE,
                "The spec.completionTimeoutPerGiB of a migration policy must not be negative.",
                "Set completionTimeoutPerGiB to 0 or a positive number of seconds (KubeVirt's default is 150).")
            .exportedAs(CompletionTimeout::cel));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    var value = RuleHelpers.at(review.object(), "spec", "completionTimeoutPerGiB");
    // decimalValue() is exact for every JSON number, even beyond int64.
    if (value.isNumber() && value.decimalValue().signum() < 0) {
      out.invalid(FieldPath.of("spec", "completionTimeoutPerGiB"), value, "must not be negative");
    }
  }

  /** The findings of this rule as CEL, one check each (docs/admission-policies.md). */
  static List<Check> cel() {
    String v = Cel.opt("object", "spec", "completionTimeoutPerGiB");
    return List.of(
        Check.of("policy-completion-timeout", Set.of(CREATE, UPDATE))
            .when(
                v + ".hasValue() && " + v + ".value() < 0",
                Words.withValue(
                    "spec.completionTimeoutPerGiB",
                    CauseType.INVALID,
                    "string(" + v + ".value())",
                    "must not be negative")));
  }
}
