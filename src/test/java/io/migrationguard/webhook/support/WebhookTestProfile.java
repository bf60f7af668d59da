package io.migrationguard.webhook.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;

/** The service with a test CA and an EC (PKCS#8) serving certificate; one app for all tests. */
public class WebhookTestProfile implements QuarkusTestProfile {
  @Override
  public List<TestResourceEntry> testResources() {
    return List.of(new TestResourceEntry(TestCertificates.class));
  }
}
