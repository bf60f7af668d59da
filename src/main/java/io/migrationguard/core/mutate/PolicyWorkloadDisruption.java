package io.migrationguard.core.mutate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.rules.Settings;

/**
 * {@code policy-workload-disruption}: writes down the {@code allowWorkloadDisruption} KubeVirt
 * derives from {@code allowPostCopy} at run time when it is unset. It changes nothing in effect and
 * makes the effective value visible.
 */
public final class PolicyWorkloadDisruption extends Defaulter {
  public PolicyWorkloadDisruption() {
    super(
        new DefaulterInfo(
            "policy-workload-disruption",
            "Sets an absent spec.allowWorkloadDisruption of a migration policy to its"
                + " spec.allowPostCopy.",
            Scope.POLICY_WRITE));
  }

  @Override
  public void apply(Review review, ObjectNode copy, Settings settings) {
    JsonNode spec = copy.get("spec");
    if (spec == null || !spec.isObject()) {
      return;
    }
    JsonNode postCopy = spec.get("allowPostCopy");
    JsonNode disruption = spec.get("allowWorkloadDisruption");
    if (postCopy != null && postCopy.isBoolean() && (disruption == null || disruption.isNull())) {
      ((ObjectNode) spec).put("allowWorkloadDisruption", postCopy.booleanValue());
    }
  }
}
