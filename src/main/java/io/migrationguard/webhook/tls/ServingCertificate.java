package io.migrationguard.webhook.tls;

import jakarta.enterprise.context.ApplicationScoped;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What the HTTPS server serves right now, as {@link CertificateReloader} last established it: the
 * certificate, or the reason nothing good is served (a mismatched or expired pair at start). Backs
 * readiness and the expiry metric.
 */
@ApplicationScoped
public class ServingCertificate {
  private volatile KeyStoreCheck.Result state =
      new KeyStoreCheck.Result(null, "certificates not loaded yet");

  /** The serving (leaf) certificate, if one is loaded. */
  public Optional<X509Certificate> current() {
    return Optional.ofNullable(state.certificate());
  }

  /** Why the service cannot serve TLS properly, if it cannot. */
  public Optional<String> problem() {
    return Optional.ofNullable(state.problem());
  }

  /** Seconds until the serving certificate expires (negative once expired); NaN without one. */
  public double secondsToExpiry() {
    return current()
        .map(c -> Duration.between(Instant.now(), c.getNotAfter().toInstant()).toMillis() / 1000.0)
        .orElse(Double.NaN);
  }

  void set(KeyStoreCheck.Result result) {
    state = result;
  }
}
