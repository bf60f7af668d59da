package io.migrationguard.webhook.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/** The service with a test CA and an EC (PKCS#8) serving certificate; one app for all tests. */
public class WebhookTestProfile implements QuarkusTestProfile {
  /**
   * Judged for KubeVirt main, whose features (Beta decentralized migration, downtime tuning) the
   * service's tests use; each release profile is tested through this same app by {@code
   * KubeVirtParityTest}, which switches the profile per vector.
   */
  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of("migration-guard.kubevirt-version", "main");
  }

  @Override
  public List<TestResourceEntry> testResources() {
    return List.of(new TestResourceEntry(TestCertificates.class));
  }
}
