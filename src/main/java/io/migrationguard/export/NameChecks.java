package io.migrationguard.export;

import static io.migrationguard.core.model.Operation.CREATE;
import static io.migrationguard.core.model.Operation.UPDATE;

import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.names.LabelSyntax;
import java.util.List;
import java.util.Set;

/**
 * The name rules in CEL: {@code metadata-name}, {@code metadata-namespace}, {@code
 * vmim-vmi-name-required} and {@code vmim-vmi-name-format}. Lengths are UTF-8 bytes ({@code
 * size(bytes(s))}) as apimachinery counts them; the patterns are apimachinery's, anchored (CEL's
 * {@code matches} is unanchored RE2).
 */
final class NameChecks {
  private static final String LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final String SUBDOMAIN = "^" + LABEL + "(\\." + LABEL + ")*$";
  private static final String DNS_LABEL = "^" + LABEL + "$";
  // apimachinery's words for a value that is not even a subdomain ("-" is neither).
  private static final String LABEL_ERROR = LabelSyntax.dns1123LabelErrors("-").get(0);

  private NameChecks() {}

  static List<Check> metadataName() {
    String id = "metadata-name";
    Set<io.migrationguard.core.model.Operation> ops = Set.of(CREATE, UPDATE);
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
    return List.of(
        new Check(
            id,
            ops,
            gn + " != '' && " + tooLong(masked, LabelSyntax.SUBDOMAIN_MAX_LENGTH),
            invalid("metadata.generateName", gn, LabelSyntax.maxLenError(253))),
        new Check(
            id,
            ops,
            gn + " != '' && !" + masked + ".matches(" + Cel.lit(SUBDOMAIN) + ")",
            invalid("metadata.generateName", gn, LabelSyntax.dns1123SubdomainFormatError())),
        new Check(
            id,
            ops,
            name + " == '' && " + gn + " == ''",
            Words.plain("metadata.name", CauseType.REQUIRED, "name or generateName is required")),
        new Check(
            id,
            ops,
            name + " != '' && " + tooLong(name, LabelSyntax.SUBDOMAIN_MAX_LENGTH),
            invalid("metadata.name", name, LabelSyntax.maxLenError(253))),
        new Check(
            id,
            ops,
            name + " != '' && !" + name + ".matches(" + Cel.lit(SUBDOMAIN) + ")",
            invalid("metadata.name", name, LabelSyntax.dns1123SubdomainFormatError())));
  }

  /** Migrations only: a MigrationPolicy is cluster-scoped and its namespace is cleared. */
  static List<Check> metadataNamespace() {
    String id = "metadata-namespace";
    Set<io.migrationguard.core.model.Operation> ops = Set.of(CREATE, UPDATE);
    String ns = Cel.text(Cel.opt("object", "metadata", "namespace"));
    String detail =
        "("
            + ns
            + ".matches("
            + Cel.lit(SUBDOMAIN)
            + ") ? 'must not contain dots' : "
            + Cel.lit(LABEL_ERROR)
            + ")";
    return List.of(
        new Check(
            id,
            ops,
            ns + " != '' && " + tooLong(ns, LabelSyntax.LABEL_MAX_LENGTH),
            invalid("metadata.namespace", ns, LabelSyntax.maxLenError(63))),
        new Check(
            id,
            ops,
            ns + " != '' && !" + ns + ".matches(" + Cel.lit(DNS_LABEL) + ")",
            Cel.lit("metadata.namespace: Invalid value: ")
                + " + "
                + Cel.quoted(ns)
                + " + ': ' + "
                + detail));
  }

  static List<Check> vmiNameRequired() {
    return List.of(
        new Check(
            "vmim-vmi-name-required",
            Set.of(CREATE),
            vmiName() + " == ''",
            Words.plain(
                "spec.vmiName",
                CauseType.REQUIRED,
                "the name of the VirtualMachineInstance to migrate is required")));
  }

  static List<Check> vmiNameFormat() {
    String id = "vmim-vmi-name-format";
    String v = vmiName();
    return List.of(
        new Check(
            id,
            Set.of(CREATE),
            v + " != '' && " + tooLong(v, LabelSyntax.LABEL_MAX_LENGTH),
            invalid(
                "spec.vmiName",
                v,
                LabelSyntax.maxLenError(LabelSyntax.LABEL_MAX_LENGTH)
                    + " (it becomes the value of the label "
                    + Kind.VMI_NAME_LABEL
                    + ")")),
        new Check(
            id,
            Set.of(CREATE),
            v + " != '' && !" + v + ".matches(" + Cel.lit(SUBDOMAIN) + ")",
            invalid("spec.vmiName", v, LabelSyntax.dns1123SubdomainFormatError())));
  }

  /** The migration's {@code spec.vmiName}, {@code ''} when unset. */
  static String vmiName() {
    return Cel.text(Cel.opt("object", "spec", "vmiName"));
  }

  private static String tooLong(String value, int bytes) {
    return "size(bytes(" + value + ")) > " + bytes;
  }

  private static String invalid(String path, String value, String detail) {
    return Words.withValue(path, CauseType.INVALID, Cel.quoted(value), detail);
  }
}
