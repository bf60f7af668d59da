package io.migrationguard.core.rules.policy;

import static io.migrationguard.core.model.Operation.CREATE;
import static io.migrationguard.core.model.Operation.UPDATE;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cel.Words;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.quantity.Quantity;
import io.migrationguard.core.quantity.QuantityParse;
import io.migrationguard.core.quantity.QuantitySyntax;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.List;
import java.util.Set;

/**
 * {@code policy-bandwidth}: {@code bandwidthPerMigration} is a Quantity under the Go parser's rules
 * (stricter than the CRD pattern, which lets {@code 1e1.5} through) and not negative (parity).
 */
public final class Bandwidth extends Rule {
  public Bandwidth() {
    super(
        RuleInfo.error(
                "policy-bandwidth",
                Scope.POLICY_WRITE,
                "The spec.bandwidthPerMigration of a migration policy must be a valid, non-negative"
                    + " Kubernetes quantity.",
                "Write bandwidthPerMigration as a non-negative integer or Quantity string without spaces, such as 64Mi or 1Gi.")
            .exportedAs(Bandwidth::cel));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    JsonNode value = RuleHelpers.at(review.object(), "spec", "bandwidthPerMigration");
    FieldPath path = FieldPath.of("spec", "bandwidthPerMigration");
    if (!RuleHelpers.isSet(value)) {
      return;
    }
    // An integral number (1048576 or 1048576.0, as the CRD's integer type takes it) or a string.
    QuantityParse parse = Quantity.parse(value);
    if (!parse.ok()) {
      out.invalid(
          path,
          value,
          value.isTextual()
              ? parse.error()
              : "must be an integer or a quantity string such as \"64Mi\"");
    } else if (parse.quantity().signum() < 0) {
      out.invalid(path, value, "must not be negative");
    }
  }

  /** The findings of this rule as CEL, one check each (docs/admission-policies.md). */
  static List<Check> cel() {
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
        Check.of("policy-bandwidth", Set.of(CREATE, UPDATE))
            .when(
                "variables." + BANDWIDTH_PROBLEM + " != ''",
                Words.withValue("spec.bandwidthPerMigration", CauseType.INVALID, shown, null)
                    + " + ': ' + variables."
                    + BANDWIDTH_PROBLEM));
  }

  /** The policy variable holding what is wrong with {@code spec.bandwidthPerMigration}. */
  public static final String BANDWIDTH_PROBLEM = "bandwidthProblem";

  private static final String PATTERN_ERROR =
      "quantities must match the regular expression '" + QuantitySyntax.CRD_PATTERN + "'";

  /**
   * What is wrong with {@code spec.bandwidthPerMigration}, {@code ''} when nothing is: the checks
   * of the engine's Quantity parser in its order (pattern, length, digits, suffix, exponent,
   * range), then the sign. {@code quantity()} is called only on a string that passed them all,
   * since it alone accepts spellings the CRD rejects.
   */
  public static String bandwidthProblem() {
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
}
