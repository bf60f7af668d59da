package io.migrationguard.webhook.tls;

import io.quarkus.tls.TlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.Optional;

/**
 * The certificate the HTTPS server presents right now, read from the TLS registry each time so that
 * it follows reloads. Backs the readiness check and the expiry metric.
 */
@ApplicationScoped
public class ServingCertificate {
  @Inject TlsConfigurationRegistry registry;

  /** The serving (leaf) certificate, if one is loaded. */
  public Optional<X509Certificate> current() {
    Optional<KeyStore> store = registry.getDefault().map(TlsConfiguration::getKeyStore);
    if (store.isEmpty()) {
      return Optional.empty();
    }
    try {
      for (String alias : Collections.list(store.get().aliases())) {
        Certificate cert = store.get().getCertificate(alias);
        if (cert instanceof X509Certificate x509) {
          return Optional.of(x509);
        }
      }
    } catch (KeyStoreException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  /** Seconds until the serving certificate expires (negative once expired); NaN without one. */
  public double secondsToExpiry() {
    return current()
        .map(c -> Duration.between(Instant.now(), c.getNotAfter().toInstant()).toMillis() / 1000.0)
        .orElse(Double.NaN);
  }
}
