package io.migrationguard.cluster;

import io.migrationguard.core.names.LabelSyntax;

/**
 * Guards the names put into API URLs. A name that is not a DNS-1123 subdomain (namespace: label)
 * cannot exist in the cluster, so the answer is known without asking, and nothing a user writes
 * ({@code ../}, {@code ?}, {@code %}) can change which URL is requested. The syntax is the engine's
 * own ({@link LabelSyntax}), so the two cannot drift apart.
 */
final class Names {
  private Names() {}

  static boolean isObjectName(String name) {
    return name != null && LabelSyntax.dns1123SubdomainErrors(name).isEmpty();
  }

  /** A label value (a VMI name used as {@code kubevirt.io/vmi-name=NAME} in a selector). */
  static boolean isLabelValue(String value) {
    return value != null && LabelSyntax.valueErrors(value).isEmpty();
  }

  static boolean isNamespace(String namespace) {
    return namespace != null && LabelSyntax.dns1123LabelErrors(namespace).isEmpty();
  }
}
