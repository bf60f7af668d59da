package io.migrationguard.webhook.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;

/** The service with {@code migration-guard.tls.client-ca} set (mutual TLS). */
public class ClientCaTestProfile implements QuarkusTestProfile {
  @Override
  public List<TestResourceEntry> testResources() {
    return List.of(new TestResourceEntry(ClientCaCertificates.class));
  }
}
