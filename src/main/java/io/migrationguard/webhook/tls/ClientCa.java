package io.migrationguard.webhook.tls;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import java.util.Optional;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The CA bundle that client certificates must chain to ({@code migration-guard.tls.client-ca},
 * mutual TLS with the API server's admission-control kubeconfig). Unset: client certificates are
 * neither asked for nor checked. Read once at start; an unreadable or empty bundle stops the start,
 * since silently serving without the verification the operator asked for would be worse.
 */
@ApplicationScoped
public class ClientCa {
  private final Optional<X509TrustManager> trust;

  ClientCa(@ConfigProperty(name = "migration-guard.tls.client-ca") Optional<String> file) {
    this.trust = file.filter(f -> !f.isBlank()).map(ClientCa::load);
  }

  /** Whether client certificates are verified. */
  public boolean enabled() {
    return trust.isPresent();
  }

  /** The trust manager checking client certificates against the bundle, when one is configured. */
  public Optional<X509TrustManager> trustManager() {
    return trust;
  }

  static X509TrustManager load(String file) {
    try (InputStream in = Files.newInputStream(Path.of(file))) {
      Collection<? extends Certificate> certs =
          CertificateFactory.getInstance("X.509").generateCertificates(in);
      if (certs.isEmpty()) {
        throw new IllegalStateException("migration-guard.tls.client-ca: no certificate in " + file);
      }
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      int i = 0;
      for (Certificate c : certs) {
        store.setCertificateEntry("client-ca-" + i++, c);
      }
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(store);
      for (TrustManager tm : tmf.getTrustManagers()) {
        if (tm instanceof X509TrustManager x) {
          return x;
        }
      }
      throw new IllegalStateException("migration-guard.tls.client-ca: no X.509 trust manager");
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException(
          "migration-guard.tls.client-ca: cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
