package io.migrationguard.core.rules.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.rules.RuleHelpers;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;

/**
 * The two selectors of a MigrationPolicy in canonical form: absent, null and {@code {}} are the
 * same empty map, key order does not matter, keys and values compare byte-exactly. Shared by the
 * selector rules so that "the same selectors" means one thing.
 *
 * @param namespaces {@code spec.selectors.namespaceSelector}
 * @param vmis {@code spec.selectors.virtualMachineInstanceSelector}
 */
record PolicySelectors(Map<String, String> namespaces, Map<String, String> vmis) {

  // Read-only views, not copies: of() builds fresh sorted maps per policy, and both selector rules
  // build one per compared policy on every policy review.
  PolicySelectors {
    namespaces = Collections.unmodifiableMap(namespaces);
    vmis = Collections.unmodifiableMap(vmis);
  }

  /** The canonical selectors of a policy object. */
  static PolicySelectors of(JsonNode policy) {
    JsonNode selectors = RuleHelpers.at(policy, "spec", "selectors");
    return new PolicySelectors(
        RuleHelpers.stringMap(selectors.path("namespaceSelector")),
        RuleHelpers.stringMap(selectors.path("virtualMachineInstanceSelector")));
  }

  /**
   * Whether both selectors of a policy object are empty, as {@link #of} would build them, without
   * building them (this runs on every policy review).
   */
  static boolean emptyIn(JsonNode policy) {
    JsonNode selectors = RuleHelpers.at(policy, "spec", "selectors");
    return isEmptyMap(selectors.path("namespaceSelector"))
        && isEmptyMap(selectors.path("virtualMachineInstanceSelector"));
  }

  // RuleHelpers.stringMap gives the empty map for absent, null, {} and anything that is not an
  // object.
  private static boolean isEmptyMap(JsonNode n) {
    return !n.isObject() || n.isEmpty();
  }

  /** Both selectors empty: the policy matches every VMI. */
  boolean isEmpty() {
    return namespaces.isEmpty() && vmis.isEmpty();
  }

  /**
   * Whether some VMI could match both policies with the same score, so that KubeVirt picks by name.
   * KubeVirt ranks matching policies by the number of VMI-selector labels, then namespace-selector
   * labels; two different selectors tie when both sizes are equal and no key demands two different
   * values (then a VMI carrying the union of the labels matches both).
   */
  boolean canTieWith(PolicySelectors other) {
    return !equals(other)
        && vmis.size() == other.vmis.size()
        && namespaces.size() == other.namespaces.size()
        && compatible(vmis, other.vmis)
        && compatible(namespaces, other.namespaces);
  }

  private static boolean compatible(Map<String, String> a, Map<String, String> b) {
    for (Map.Entry<String, String> e : a.entrySet()) {
      String theirs = b.get(e.getKey());
      if (theirs != null && !Objects.equals(theirs, e.getValue())) {
        return false;
      }
    }
    return true;
  }
}
