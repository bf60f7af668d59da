package io.migrationguard.export;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes minor version ({@code 1.30}, {@code v1.34.2}): what the API server of that version
 * serves decides which kinds and API versions an export writes.
 *
 * @param major the major version (1)
 * @param minor the minor version
 */
public record KubernetesVersion(int major, int minor) {
  /** ValidatingAdmissionPolicy is GA (admissionregistration.k8s.io/v1) from here on. */
  public static final KubernetesVersion OLDEST = new KubernetesVersion(1, 30);

  private static final Pattern FORM = Pattern.compile("v?(\\d{1,3})\\.(\\d{1,3})(\\.\\d{1,5})?");

  /** The version {@code text} names, or null when it is not of the form 1.30 or v1.30.1. */
  public static KubernetesVersion parse(String text) {
    Matcher m = FORM.matcher(text);
    if (!m.matches()) {
      return null;
    }
    return new KubernetesVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
  }

  public boolean atLeast(int major, int minor) {
    return this.major > major || (this.major == major && this.minor >= minor);
  }

  /**
   * The API version of MutatingAdmissionPolicy: v1 from 1.36, v1beta1 on 1.34 and 1.35, none before
   * (alpha only, off by default).
   */
  public String mutatingPolicyApiVersion() {
    if (atLeast(1, 36)) {
      return "admissionregistration.k8s.io/v1";
    }
    return atLeast(1, 34) ? "admissionregistration.k8s.io/v1beta1" : null;
  }

  @Override
  public String toString() {
    return major + "." + minor;
  }
}
