package io.migrationguard.webhook.support;

import io.migrationguard.webhook.tls.CertificateAuthority;
import io.migrationguard.webhook.tls.Pem;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The serving certificates of {@link TestCertificates} plus a client CA bundle set as {@code
 * migration-guard.tls.client-ca}; injects {@link ClientCerts} into fields of that type.
 */
public class ClientCaCertificates implements QuarkusTestResourceLifecycleManager {
  private final TestCertificates serving = new TestCertificates();
  private ClientCerts certs;

  @Override
  public Map<String, String> start() {
    serving.init(Map.of());
    Map<String, String> config = new HashMap<>(serving.start());
    try {
      CertificateAuthority clientCa = CertificateAuthority.create("client CA", Duration.ofDays(2));
      CertificateAuthority other = CertificateAuthority.create("other CA", Duration.ofDays(2));
      Path bundle = Files.createTempFile("mg-test-client-ca-", ".pem");
      Files.writeString(bundle, Pem.certificates(clientCa.certificate()));
      Path servingCa = Path.of(config.get("migration-guard.tls.cert")).resolveSibling("ca.crt");
      certs =
          new ClientCerts(
              TestCertificates.read(servingCa),
              clientCa.issueClient("kube-apiserver", Duration.ofDays(1)),
              other.issueClient("kube-apiserver", Duration.ofDays(1)));
      config.put("migration-guard.tls.client-ca", bundle.toString());
      return config;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void inject(TestInjector injector) {
    serving.inject(injector);
    injector.injectIntoFields(certs, new TestInjector.MatchesType(ClientCerts.class));
  }

  @Override
  public void stop() {}
}
