package io.migrationguard.core.rules.vmim;

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
            "Leave spec.priority out: only KubeVirt's controller (or a user in migration-guard.priority-requesters) may set it."));
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
}
