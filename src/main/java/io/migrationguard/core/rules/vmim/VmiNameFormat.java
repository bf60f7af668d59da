package io.migrationguard.core.rules.vmim;

import static io.migrationguard.core.model.Operation.CREATE;

import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.CelNames;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Kind;
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
 * {@code vmim-vmi-name-format}: {@code spec.vmiName} is a DNS-1123 subdomain of at most 63 bytes.
 * VMI names may be 253 bytes long, but KubeVirt copies this name into the label {@code
 * kubevirt.io/vmi-name}, whose values stop at 63: a longer name fails every migration later.
 */
public final class VmiNameFormat extends Rule {
  public VmiNameFormat() {
    super(
        RuleInfo.error(
                "vmim-vmi-name-format",
                Scope.VMIM_CREATE,
                "The spec.vmiName of a migration must be a DNS-1123 subdomain of at most 63 bytes, since"
                    + " KubeVirt copies it into the label kubevirt.io/vmi-name.",
                "Set spec.vmiName to the VMI's name: lower-case letters, digits, '-' and '.', at most 63 characters.")
            .exportedAs(VmiNameFormat::cel));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    String name = RuleHelpers.textOrEmpty(RuleHelpers.at(review.object(), "spec", "vmiName"));
    if (name.isEmpty()) {
      return; // vmim-vmi-name-required reports it
    }
    FieldPath path = FieldPath.of("spec", "vmiName");
    if (LabelSyntax.utf8Length(name) > LabelSyntax.LABEL_MAX_LENGTH) {
      out.invalid(
          path,
          name,
          LabelSyntax.maxLenError(LabelSyntax.LABEL_MAX_LENGTH)
              + " (it becomes the value of the label "
              + Kind.VMI_NAME_LABEL
              + ")");
    }
    if (!LabelSyntax.isDns1123SubdomainFormat(name)) {
      out.invalid(path, name, LabelSyntax.dns1123SubdomainFormatError());
    }
  }

  /** The findings of this rule as CEL, one check each (docs/admission-policies.md). */
  static List<Check> cel() {
    String id = "vmim-vmi-name-format";
    String v = CelNames.vmiName();
    Check.Of c = Check.of(id, Set.of(CREATE));
    return List.of(
        c.when(
            v + " != '' && " + CelNames.tooLong(v, LabelSyntax.LABEL_MAX_LENGTH),
            CelNames.invalid(
                "spec.vmiName",
                v,
                LabelSyntax.maxLenError(LabelSyntax.LABEL_MAX_LENGTH)
                    + " (it becomes the value of the label "
                    + Kind.VMI_NAME_LABEL
                    + ")")),
        c.when(
            v + " != '' && !" + v + ".matches(" + Cel.lit(CelNames.SUBDOMAIN) + ")",
            CelNames.invalid("spec.vmiName", v, LabelSyntax.dns1123SubdomainFormatError())));
  }
}
