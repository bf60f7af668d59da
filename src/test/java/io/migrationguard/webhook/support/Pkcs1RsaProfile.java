package io.migrationguard.webhook.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/** The service with an RSA serving key in PKCS#1 form ({@code BEGIN RSA PRIVATE KEY}). */
public class Pkcs1RsaProfile implements QuarkusTestProfile {
  /** The golden reviews were recorded for KubeVirt main, as {@link WebhookTestProfile} judges. */
  @Override
  public Map<String, String> getConfigOverrides() {
    return new WebhookTestProfile().getConfigOverrides();
  }

  @Override
  public List<TestResourceEntry> testResources() {
    return List.of(new TestResourceEntry(TestCertificates.class, Map.of("key", "pkcs1-rsa")));
  }
}
