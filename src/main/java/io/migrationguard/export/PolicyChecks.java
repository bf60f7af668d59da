package io.migrationguard.export;

import static io.migrationguard.core.model.Operation.CREATE;
import static io.migrationguard.core.model.Operation.UPDATE;

import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.quantity.QuantitySyntax;
import java.util.List;
import java.util.Set;

/** The MigrationPolicy rules that need only the object, in CEL. */
final class PolicyChecks {
  /** The policy variable holding what is wrong with {@code spec.bandwidthPerMigration}. */
  static final String BANDWIDTH_PROBLEM = "bandwidthProblem";

  private static final String PATTERN_ERROR =
      "quantities must match the regular expression '" + QuantitySyntax.CRD_PATTERN + "'";

  private PolicyChecks() {}

  static List<Check> completionTimeout() {
    String v = Cel.opt("object", "spec", "completionTimeoutPerGiB");
    return List.of(
        new Check(
            "policy-completion-timeout",
            Set.of(CREATE, UPDATE),
            v + ".hasValue() && " + v + ".value() < 0",
            Words.withValue(
                "spec.completionTimeoutPerGiB",
                CauseType.INVALID,
                "string(" + v + ".value())",
                "must not be negative")));
  }

  static List<Check> bandwidth() {
    String v = Cel.opt("object", "spec", "bandwidthPerMigration");
    String shown =
        "(type("
            + v
            + ".value()) == string ? "
            + Cel.quoted(v + ".value()")
            + " : string("
            + v
            + ".value()))";
    return List.of(
        new Check(
            "policy-bandwidth",
            Set.of(CREATE, UPDATE),
            "variables." + BANDWIDTH_PROBLEM + " != ''",
            Words.withValue("spec.bandwidthPerMigration", CauseType.INVALID, shown, null)
                + " + ': ' + variables."
                + BANDWIDTH_PROBLEM));
  }

  /**
   * What is wrong with {@code spec.bandwidthPerMigration}, {@code ''} when nothing is: the checks
   * of the engine's Quantity parser in its order (pattern, length, digits, suffix, exponent,
   * range), then the sign. {@code quantity()} is called only on a string that passed them all,
   * since it alone accepts spellings the CRD rejects.
   */
  static String bandwidthProblem() {
    String v = Cel.opt("object", "spec", "bandwidthPerMigration");
    String s = v + ".value()";
    String mantissa = s + ".find(r'^[+-]?[0-9]*\\.?[0-9]*')";
    String suffix = s + ".substring(size(" + mantissa + "))";
    String digits = "size(" + mantissa + ".replace('.', '').replace('+', '').replace('-', ''))";
    // "Ei" is exa in binary SI; any other suffix of two or more characters after e or E an
    // exponent.
    String exponent = "(" + suffix + ".matches(r'^[eE].') && " + suffix + " != 'Ei')";
    String q = "quantity(" + s + ")";
    String text =
        s
            + " == '' ? "
            + Cel.lit(PATTERN_ERROR)
            + " : size("
            + s
            + ") > 1016 ? 'too long: a quantity has at most 1000 digits (got ' + string(size("
            + s
            + ")) + ')' : !"
            + s
            + ".matches("
            + Cel.lit(QuantitySyntax.CRD_PATTERN)
            + ") ? "
            + Cel.lit(PATTERN_ERROR)
            + " : "
            + digits
            + " > 1000 ? 'too many digits: at most 1000 are allowed' : "
            + exponent
            + " && !"
            + suffix
            + ".matches(r'^[eE][+-]?[0-9]+$') ? \"unable to parse quantity's suffix\" : "
            + exponent
            + " && (!"
            + suffix
            + ".matches(r'^[eE][+-]?0*[0-9]{1,6}$') || int("
            + suffix
            + ".find(r'[0-9]+$')) > 10000) ? 'exponent out of range: at most 10000 in magnitude' : !"
            + suffix
            + ".matches(r'^[KMGTPE]i$') && ("
            + q
            + ".compareTo(quantity('1e21')) >= 0 || "
            + q
            + ".compareTo(quantity('-1e21')) <= 0) ? 'out of range: decimal quantities must be less"
            + " than 10^21' : "
            + q
            + ".isLessThan(quantity('0')) ? 'must not be negative' : ''";
    return "!"
        + v
        + ".hasValue() ? '' : type("
        + s
        + ") == int ? ("
        + s
        + " < 0 ? 'must not be negative' : '') : type("
        + s
        + ") == string ? ("
        + text
        + ") : ''";
  }

  static List<Check> selectorsEmpty() {
    String selectors = Cel.opt("object", "spec", "selectors");
    String empty = "";
    for (String field : new String[] {"namespaceSelector", "virtualMachineInstanceSelector"}) {
      String m = selectors + ".?" + field + ".orValue({})";
      empty += (empty.isEmpty() ? "" : " && ") + "(type(" + m + ") != map || size(" + m + ") == 0)";
    }
    return List.of(
        new Check(
            "policy-selectors-empty",
            Set.of(CREATE, UPDATE),
            empty,
            Words.warning(
                "spec.selectors",
                "both selectors are empty: this policy matches every VirtualMachineInstance in the"
                    + " cluster")));
  }
}
