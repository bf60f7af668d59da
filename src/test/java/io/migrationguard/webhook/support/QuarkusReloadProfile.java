package io.migrationguard.webhook.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * The HTTPS server on Quarkus' own TLS configuration and periodic reload ({@code
 * quarkus.tls.<name>.reload-period}) over the same Secret-like directory, instead of the service's
 * {@code migration-guard} configuration: what {@code QuarkusTlsReloadTest} compares against.
 */
public class QuarkusReloadProfile implements QuarkusTestProfile {
  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of(
        "quarkus.http.tls-configuration-name", "quarkus-own",
        "quarkus.tls.quarkus-own.key-store.pem.0.cert", "${migration-guard.tls.cert}",
        "quarkus.tls.quarkus-own.key-store.pem.0.key", "${migration-guard.tls.key}",
        "quarkus.tls.quarkus-own.reload-period", "1s");
  }

  @Override
  public List<TestResourceEntry> testResources() {
    return List.of(new TestResourceEntry(TestCertificates.class));
  }
}
