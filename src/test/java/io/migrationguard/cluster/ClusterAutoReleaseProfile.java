package io.migrationguard.cluster;

import java.util.HashMap;
import java.util.Map;

/**
 * The HTTPS service in cluster mode with the release profile left at {@code auto}: it follows the
 * KubeVirt CR's {@code status.observedKubeVirtVersion}.
 */
public class ClusterAutoReleaseProfile extends ClusterWebhookProfile {
  @Override
  public Map<String, String> getConfigOverrides() {
    Map<String, String> config = new HashMap<>(super.getConfigOverrides());
    config.put("migration-guard.kubevirt-version", "auto");
    return config;
  }
}
