package io.migrationguard.cluster;

import java.util.regex.Pattern;

/**
 * Guards the names put into API URLs. A name that is not a DNS-1123 subdomain (namespace: label)
 * cannot exist in the cluster, so the answer is known without asking, and nothing a user writes
 * ({@code ../}, {@code ?}, {@code %}) can change which URL is requested.
 */
final class Names {
  private static final Pattern SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

  private Names() {}

  static boolean isObjectName(String name) {
    return name != null && name.length() <= 253 && SUBDOMAIN.matcher(name).matches();
  }

  static boolean isNamespace(String namespace) {
    return namespace != null && namespace.length() <= 63 && LABEL.matcher(namespace).matches();
  }
}
