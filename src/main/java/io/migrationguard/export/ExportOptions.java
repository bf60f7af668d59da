package io.migrationguard.export;

import io.migrationguard.core.rules.Settings;

/**
 * What an export is made for.
 *
 * @param kubernetes the oldest Kubernetes version the output must run on
 * @param settings the service's settings (the priority-requester list) at export time
 * @param kubevirtNamespace the namespace of the KubeVirt CR the feature-gate bindings read
 * @param paramNotFound the bindings' {@code parameterNotFoundAction} when that CR is missing
 */
public record ExportOptions(
    KubernetesVersion kubernetes,
    Settings settings,
    String kubevirtNamespace,
    String paramNotFound) {

  /** The namespace KubeVirt's install puts its CR in. */
  public static final String KUBEVIRT_NAMESPACE = "kubevirt";

  /**
   * Deny: without the CR the gates are unknown, so the requests the gate bindings match are denied
   * (fail closed, as the webhook does when it cannot read the gates).
   */
  public static final String DENY = "Deny";
}
