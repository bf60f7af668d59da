package io.migrationguard.core.explain;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One field of the resolved configuration.
 *
 * @param field the JSON name, as in the VMI's {@code status.migrationState.migrationConfiguration}
 * @param value the value as KubeVirt writes it there (a Quantity in canonical form), or null where
 *     KubeVirt leaves it unset
 * @param origin where the value came from
 * @param from the policy's name when {@code origin} is a policy's, else null
 * @param policyMaySet whether a MigrationPolicy of the release may set it (else only the KubeVirt
 *     CR can)
 */
public record Setting(
    String field, JsonNode value, Origin origin, String from, boolean policyMaySet) {

  /** Where a value came from. */
  public enum Origin {
    BUILT_IN("built-in default"),
    KUBEVIRT_CR("KubeVirt CR"),
    CR_FOLLOWS_POST_COPY("follows allowPostCopy (KubeVirt CR leaves it unset)"),
    POLICY("policy"),
    POLICY_FOLLOWS_POST_COPY("follows the policy's allowPostCopy (the policy leaves it unset)"),
    UNSET("unset");

    public final String words;

    Origin(String words) {
      this.words = words;
    }

    /** The name {@code -o json} gives it. */
    public String id() {
      return switch (this) {
        case BUILT_IN -> "default";
        case KUBEVIRT_CR -> "kubevirt";
        case CR_FOLLOWS_POST_COPY -> "kubevirt-allowPostCopy";
        case POLICY -> "policy";
        case POLICY_FOLLOWS_POST_COPY -> "policy-allowPostCopy";
        case UNSET -> "unset";
      };
    }
  }
}
