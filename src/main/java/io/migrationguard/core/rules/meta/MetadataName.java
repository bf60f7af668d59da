package io.migrationguard.core.rules.meta;

import static io.migrationguard.core.model.Operation.CREATE;
import static io.migrationguard.core.model.Operation.UPDATE;

import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.CelNames;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cel.Words;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.CauseType;
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
 * {@code metadata-name}: the object has a name (or a {@code generateName}) that is a DNS-1123
 * subdomain, as apimachinery's {@code ValidateObjectMeta} requires. The API server checks this too;
 * offline, nothing else does.
 */
public final class MetadataName extends Rule {
  public MetadataName() {
    super(
        RuleInfo.error(
                "metadata-name",
                Scope.ANY_WRITE,
                "The metadata.name (or metadata.generateName) of an object must be set and be a DNS-1123"
                    + " subdomain.",
                "Set metadata.name (or metadata.generateName) to lower-case letters, digits, '-' and '.', starting and ending with a letter or digit, at most 253 characters.")
            .exportedAs(MetadataName::cel));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    var metadata = RuleHelpers.at(review.object(), "metadata");
    String name = RuleHelpers.textOrEmpty(metadata.path("name"));
    String generateName = RuleHelpers.textOrEmpty(metadata.path("generateName"));
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

  /** The findings of this rule as CEL, one check each (docs/admission-policies.md). */
  static List<Check> cel() {
    String id = "metadata-name";
    Set<Operation> ops = Set.of(CREATE, UPDATE);
    String gn = Cel.text(Cel.opt("object", "metadata", "generateName"));
    String name = Cel.text(Cel.opt("object", "metadata", "name"));
    // A prefix may end in '-': the server appends random characters to it.
    String masked =
        "("
            + gn
            + ".endsWith('-') ? "
            + gn
            + ".substring(0, size("
            + gn
            + ") - 1) + 'a' : "
            + gn
            + ")";
    Check.Of c = Check.of(id, ops);
    return List.of(
        c.when(
            gn + " != '' && " + CelNames.tooLong(masked, LabelSyntax.SUBDOMAIN_MAX_LENGTH),
            CelNames.invalid("metadata.generateName", gn, LabelSyntax.maxLenError(253))),
        c.when(
            gn + " != '' && !" + masked + ".matches(" + Cel.lit(CelNames.SUBDOMAIN) + ")",
            CelNames.invalid(
                "metadata.generateName", gn, LabelSyntax.dns1123SubdomainFormatError())),
        c.when(
            name + " == '' && " + gn + " == ''",
            Words.plain("metadata.name", CauseType.REQUIRED, "name or generateName is required")),
        c.when(
            name + " != '' && " + CelNames.tooLong(name, LabelSyntax.SUBDOMAIN_MAX_LENGTH),
            CelNames.invalid("metadata.name", name, LabelSyntax.maxLenError(253))),
        c.when(
            name + " != '' && !" + name + ".matches(" + Cel.lit(CelNames.SUBDOMAIN) + ")",
            CelNames.invalid("metadata.name", name, LabelSyntax.dns1123SubdomainFormatError())));
  }
}
