package io.migrationguard.core.rules.meta;

import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.names.LabelSyntax;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;

/**
 * {@code metadata-namespace}: a migration's namespace, when set, is a DNS-1123 label. The namespace
 * of a cluster-scoped MigrationPolicy is cleared before the rules run, as the API server clears it
 * ({@link io.migrationguard.core.apiserver.BeforeAdmission}, a warning under this same id):
 * kustomize's {@code namespace:} writes one into every custom resource it does not know, and {@code
 * kubectl apply} of such a policy works.
 */
public final class MetadataNamespace extends Rule {
  public MetadataNamespace() {
    super(
        RuleInfo.error(
            "metadata-namespace",
            Scope.ANY_WRITE,
            "The metadata.namespace of a migration must be a DNS-1123 label; the namespace of a"
                + " cluster-scoped migration policy is ignored, as the API server clears it (a"
                + " warning).",
            "Give a migration a lower-case DNS-1123 label as namespace (at most 63 characters); remove metadata.namespace from a MigrationPolicy, which is cluster-scoped."));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    String namespace =
        RuleHelpers.textOrEmpty(RuleHelpers.at(review.object(), "metadata", "namespace"));
    if (namespace.isEmpty()) {
      return;
    }
    if (!review.kind().namespaced()) {
      return; // cleared before admission, with a warning
    }
    FieldPath path = FieldPath.of("metadata", "namespace");
    for (String msg : LabelSyntax.dns1123LabelErrors(namespace)) {
      out.invalid(path, namespace, msg);
    }
  }
}
