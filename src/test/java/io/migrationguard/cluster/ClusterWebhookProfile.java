package io.migrationguard.cluster;

import io.migrationguard.webhook.support.WebhookTestProfile;
import java.util.Map;

/** The HTTPS service with its test CA, in cluster mode against the test's mock API server. */
public class ClusterWebhookProfile extends WebhookTestProfile {
  @Override
  public Map<String, String> getConfigOverrides() {
    return new ClusterOnProfile().getConfigOverrides();
  }
}
