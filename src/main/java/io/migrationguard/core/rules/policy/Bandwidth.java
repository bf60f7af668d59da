package io.migrationguard.core.rules.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.quantity.Quantity;
import io.migrationguard.core.quantity.QuantityParse;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;

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
            "Write bandwidthPerMigration as a non-negative integer or Quantity string without spaces, such as 64Mi or 1Gi."));
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
}
