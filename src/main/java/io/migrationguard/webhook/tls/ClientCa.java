package io.migrationguard.webhook.tls;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
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
    try {
      return trusting(PemFiles.certificates(Path.of(file)));
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException(
          "migration-guard.tls.client-ca: cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /** A trust manager that accepts chains ending in one of {@code anchors}. */
  static X509TrustManager trusting(Certificate... anchors) throws GeneralSecurityException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try {
      store.load(null, null);
    } catch (IOException e) {
      throw new GeneralSecurityException("cannot create an empty key store", e);
    }
    int i = 0;
    for (Certificate c : anchors) {
      store.setCertificateEntry("anchor-" + i++, c);
    }
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(store);
    for (TrustManager tm : tmf.getTrustManagers()) {
      if (tm instanceof X509TrustManager x) {
        return x;
      }
    }
    throw new GeneralSecurityException("no X.509 trust manager");
  }
}
