package io.migrationguard.core.rules.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.quantity.Quantity;
import io.migrationguard.core.quantity.QuantityParse;
import io.migrationguard.core.release.FactorSyntax;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.math.BigDecimal;
import java.util.List;

/**
 * {@code policy-stall-detector-factors}: the four stall-detector factors are numbers KubeVirt reads
 * with three decimal places, each in its own range. How they are read is the release's ({@link
 * FactorSyntax}): strings through Go's {@code strconv.ParseFloat} in v1.9 ({@code
 * virtconfig.ParseFactor}), Quantities on main. At most one finding per factor: the first problem
 * found, in the order parse, sign, finiteness, precision, range.
 */
public final class StallDetectorFactors extends Rule {
  private static final BigDecimal ONE = BigDecimal.ONE;
  private static final BigDecimal MAX_FLOAT64 = new BigDecimal(Double.MAX_VALUE);
  private static final int MAX_DECIMALS = 3;

  /**
   * A factor and its range: {@code (low, high]} when {@code lowExclusive}, else {@code [low,
   * high]}.
   */
  record Factor(String name, BigDecimal low, boolean lowExclusive, BigDecimal high) {}

  private static final List<Factor> FACTORS =
      List.of(
          new Factor("ewmaAlpha", BigDecimal.ZERO, true, ONE),
          new Factor("precopyPossibleFactor", ONE, false, null),
          new Factor("patienceWindowDecayFactor", BigDecimal.ZERO, false, ONE),
          new Factor("completionTimeoutFactor", ONE, false, null));

  private final FactorSyntax syntax;

  public StallDetectorFactors(FactorSyntax syntax) {
    super(
        RuleInfo.error(
                "policy-stall-detector-factors",
                Scope.POLICY_WRITE,
                "Each stall-detector factor must be a finite, non-negative quantity with at most three"
                    + " decimal places within its range.",
                "Write each factor as a non-negative number with at most 3 decimals in its range: ewmaAlpha in (0, 1], precopyPossibleFactor >= 1, patienceWindowDecayFactor in [0, 1], completionTimeoutFactor >= 1.")
            .webhookOnly(
                "its three-decimal-places check needs the exact decimal value of a Quantity, which the"
                    + " API server's quantity library of 1.30 cannot give (isInteger depends on the"
                    + " spelling: quantity('1000m').isInteger() is false)"));
    this.syntax = syntax;
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    JsonNode detector = RuleHelpers.at(review.object(), "spec", "experimental", "stallDetector");
    FieldPath base = FieldPath.of("spec", "experimental", "stallDetector");
    for (Factor factor : FACTORS) {
      JsonNode value = detector.path(factor.name());
      if (RuleHelpers.isSet(value)) {
        String problem =
            syntax == FactorSyntax.GO_FLOAT_STRING
                ? GoFactor.problem(
                    value.asText(), factor.low(), factor.lowExclusive(), factor.high())
                : problem(factor, value);
        if (problem != null) {
          out.invalid(base.child(factor.name()), value, problem);
        }
      }
    }
  }

  /** The first thing wrong with {@code value}, or null. */
  private static String problem(Factor factor, JsonNode value) {
    // An integral number (2 or 2.0, as the CRD's integer type takes it) or a Quantity string.
    QuantityParse parse = Quantity.parse(value);
    if (!parse.ok()) {
      return value.isTextual()
          ? parse.error()
          : "must be an integer or a quantity string such as \"0.5\"";
    }
    BigDecimal v = parse.quantity().value();
    if (v.signum() < 0) {
      return "must not be negative";
    }
    if (v.compareTo(MAX_FLOAT64) > 0) {
      return "must be a finite number";
    }
    if (v.stripTrailingZeros().scale() > MAX_DECIMALS) {
      return "must have at most " + MAX_DECIMALS + " decimal places";
    }
    return rangeProblem(factor, v);
  }

  private static String rangeProblem(Factor factor, BigDecimal v) {
    int low = v.compareTo(factor.low());
    if (factor.lowExclusive() && low <= 0) {
      return "must be greater than " + factor.low().toPlainString();
    }
    if (!factor.lowExclusive() && low < 0) {
      return "must be greater than or equal to " + factor.low().toPlainString();
    }
    if (factor.high() != null && v.compareTo(factor.high()) > 0) {
      return "must be less than or equal to " + factor.high().toPlainString();
    }
    return null;
  }
}
