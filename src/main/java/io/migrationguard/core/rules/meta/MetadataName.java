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
 * {@code metadata-name}: the object has a name (or a {@code generateName}) that is a DNS-1123
 * subdomain, as apimachinery's {@code ValidateObjectMeta} requires. The API server checks this too;
 * offline, nothing else does.
 */
public final class MetadataName implements Rule {
  private static final RuleInfo INFO =
      new RuleInfo(
          "metadata-name",
          "The metadata.name (or metadata.generateName) of an object must be set and be a DNS-1123"
              + " subdomain.",
          "Set metadata.name (or metadata.generateName) to lower-case letters, digits, '-' and '.', starting and ending with a letter or digit, at most 253 characters.",
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
    var metadata = Checks.at(review.object(), "metadata");
    String name = Checks.textOrEmpty(metadata.path("name"));
    String generateName = Checks.textOrEmpty(metadata.path("generateName"));
    FieldPath path = FieldPath.of("metadata");
    if (!generateName.isEmpty()) {
      // A prefix may end in '-': the server appends random characters to it.
      String masked =
          generateName.endsWith("-")
              ? generateName.substring(0, generateName.length() - 1) + "a"
              : generateName;
      for (String msg : LabelSyntax.dns1123SubdomainErrors(masked)) {
        out.invalid(path.child("generateName"), generateName, msg);
      }
    }
    if (name.isEmpty()) {
      if (generateName.isEmpty()) {
        out.required(path.child("name"), "name or generateName is required");
      }
      return;
    }
    for (String msg : LabelSyntax.dns1123SubdomainErrors(name)) {
      out.invalid(path.child("name"), name, msg);
    }
  }
}
