package io.migrationguard.core.rules.meta;

import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Review;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.names.LabelSyntax;
import io.migrationguard.core.rules.Checks;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import java.util.Set;

/**
 * {@code metadata-namespace}: a migration's namespace, when set, is a DNS-1123 label; a
 * MigrationPolicy is cluster-scoped and sets none (in a manifest, a namespace on it is a mistake
 * that hints the author expected it to apply to that namespace only).
 */
public final class MetadataNamespace implements Rule {
  private static final RuleInfo INFO =
      new RuleInfo(
          "metadata-namespace",
          "The metadata.namespace of a migration must be a DNS-1123 label, and a cluster-scoped"
              + " migration policy must not set one.",
          Set.of(Kind.VMIM, Kind.POLICY),
          Set.of(Operation.CREATE, Operation.UPDATE),
          Severity.ERROR,
          Set.of());

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    String namespace = Checks.textOrEmpty(Checks.at(review.object(), "metadata", "namespace"));
    if (namespace.isEmpty()) {
      return;
    }
    FieldPath path = FieldPath.of("metadata", "namespace");
    if (!review.kind().namespaced()) {
      out.forbidden(
          path, review.kind().kindName() + " is cluster-scoped and must not set a namespace");
      return;
    }
    for (String msg : LabelSyntax.dns1123LabelErrors(namespace)) {
      out.invalid(path, namespace, msg);
    }
  }
}
