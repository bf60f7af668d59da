package io.migrationguard.core.rules.vmim;

import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import io.migrationguard.core.rules.Semantic;
import io.migrationguard.core.schema.ReleaseSchemas;
import io.migrationguard.core.schema.Shape;

/**
 * {@code vmim-spec-immutable}: a migration's spec never changes after creation (KubeVirt parity,
 * but one finding per changed field instead of one without a path).
 */
public final class SpecImmutable extends Rule {
  private static final FieldPath SPEC = FieldPath.of("spec");

  /** The spec's shape in the release judged (which fields are Quantities). */
  private final Shape spec;

  public SpecImmutable(Release release) {
    super(
        RuleInfo.error(
                "vmim-spec-immutable",
                Scope.VMIM_UPDATE,
                "The spec of a migration may not change after creation.",
                "Leave spec as it was: to change a migration, delete it and create a new one.")
            .webhookOnly(
                "reports each changed leaf at its own path, entries of spec.addedNodeSelector by key; a"
                    + " policy cannot name the keys in advance"));
    this.spec = ReleaseSchemas.of(release).shape(Kind.VMIM).field("spec");
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    if (review.oldObject() == null) {
      return;
    }
    Semantic.immutable(
        out,
        SPEC,
        RuleHelpers.at(review.oldObject(), "spec"),
        RuleHelpers.at(review.object(), "spec"),
        spec);
  }
}
