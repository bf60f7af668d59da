package io.migrationguard.core.rules.vmim;

import static io.migrationguard.core.model.Operation.CREATE;

import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.model.Shown;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.NeedsRequester;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.List;
import java.util.Set;

/**
 * {@code vmim-priority-requester}: only allow-listed users may set {@code spec.priority} (KubeVirt
 * parity; KubeVirt reports it at {@code spec.migrationPriority}, we at the field itself). An
 * unknown requester (lint without {@code --as}) is not checked, and listed so ({@link
 * NeedsRequester}).
 */
public final class PriorityRequester extends Rule implements NeedsRequester {
  private final Set<String> allowed;

  /** A rule allowing exactly {@code allowed} (user names) to set a priority. */
  public PriorityRequester(Set<String> allowed) {
    super(
        RuleInfo.error(
                "vmim-priority-requester",
                Scope.VMIM_CREATE,
                "Only the configured requesters, by default KubeVirt's controller, may set the"
                    + " spec.priority of a migration.",
                "Leave spec.priority out: only KubeVirt's controller (or a user in migration-guard.priority-requesters) may set it.")
            .exportedAs(() -> cel(allowed)));
    this.allowed = Set.copyOf(allowed);
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    String requester = review.requester();
    if (requester == null
        || !RuleHelpers.isSet(RuleHelpers.at(review.object(), "spec", "priority"))) {
      return;
    }
    if (!allowed.contains(requester)) {
      String who =
          allowed.isEmpty()
              ? "no user may set it"
              : "allowed: " + RuleHelpers.quotedSorted(allowed);
      out.forbidden(
          FieldPath.of("spec", "priority"),
          "user " + Shown.quoted(requester) + " may not set the migration priority (" + who + ")");
    }
  }

  /**
   * {@code allowed} is the service's {@code migration-guard.priority-requesters} at export time. A
   * request always names its user; a review without one (the lint's) is not checked.
   */
  static List<Check> cel(Set<String> allowed) {
    String user = "request.userInfo.username";
    String who =
        allowed.isEmpty() ? "no user may set it" : "allowed: " + RuleHelpers.quotedSorted(allowed);
    return List.of(
        Check.of("vmim-priority-requester", Set.of(CREATE))
            .when(
                Cel.opt("object", "spec", "priority")
                    + ".hasValue() && "
                    + Cel.opt("request", "userInfo", "username")
                    + ".hasValue() && !("
                    + user
                    + " in "
                    + Cel.list(allowed)
                    + ")",
                Cel.lit("spec.priority: Forbidden: user ")
                    + " + "
                    + Cel.quoted(user)
                    + " + "
                    + Cel.lit(" may not set the migration priority (" + who + ")")));
  }
}
