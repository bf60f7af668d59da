package io.migrationguard.core.rules.meta;

import static io.migrationguard.core.model.Operation.CREATE;
import static io.migrationguard.core.model.Operation.UPDATE;

import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.CelNames;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.names.LabelSyntax;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.List;
import java.util.Set;

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
                "Give a migration a lower-case DNS-1123 label as namespace (at most 63 characters); remove metadata.namespace from a MigrationPolicy, which is cluster-scoped.")
            .exportedAs(MetadataNamespace::cel));
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

  /** Migrations only: a MigrationPolicy is cluster-scoped and its namespace is cleared. */
  static List<Check> cel() {
    String id = "metadata-namespace";
    Set<Operation> ops = Set.of(CREATE, UPDATE);
    String ns = Cel.text(Cel.opt("object", "metadata", "namespace"));
    String detail =
        "("
            + ns
            + ".matches("
            + Cel.lit(CelNames.SUBDOMAIN)
            + ") ? 'must not contain dots' : "
            + Cel.lit(CelNames.LABEL_ERROR)
            + ")";
    Check.Of c = Check.of(id, ops);
    return List.of(
        c.when(
            ns + " != '' && " + CelNames.tooLong(ns, LabelSyntax.LABEL_MAX_LENGTH),
            CelNames.invalid("metadata.namespace", ns, LabelSyntax.maxLenError(63))),
        c.when(
            ns + " != '' && !" + ns + ".matches(" + Cel.lit(CelNames.DNS_LABEL) + ")",
            Cel.lit("metadata.namespace: Invalid value: ")
                + " + "
                + Cel.quoted(ns)
                + " + ': ' + "
                + detail));
  }
}
