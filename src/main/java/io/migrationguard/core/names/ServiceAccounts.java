package io.migrationguard.core.names;

import java.util.regex.Pattern;

/** Who a requester is, from the user name the API server gives a review. */
public final class ServiceAccounts {
  /** KubeVirt's controller account in any namespace (kubevirt, openshift-cnv, harvester-system). */
  private static final Pattern KUBEVIRT_CONTROLLER =
      Pattern.compile("system:serviceaccount:[a-z0-9]([-a-z0-9]*[a-z0-9])?:kubevirt-controller");

  private ServiceAccounts() {}

  /** Whether {@code user} is KubeVirt's controller, whatever namespace KubeVirt runs in. */
  public static boolean isKubeVirtController(String user) {
    return user != null && KUBEVIRT_CONTROLLER.matcher(user).matches();
  }
}
