package io.migrationguard.webhook.tls;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;

/** The certificate the HTTPS server presents right now; backs readiness and the expiry metric. */
@ApplicationScoped
public class ServingCertificate {
  @Inject ServingTls tls;

  /** The serving (leaf) certificate. */
  public Optional<X509Certificate> current() {
    return Optional.of(tls.identity().certificate());
  }

  /** Why the served certificate is not good, if it is not (it expired). */
  public Optional<String> problem() {
    X509Certificate c = tls.identity().certificate();
    return c.getNotAfter().before(new Date())
        ? Optional.of("the certificate expired at " + c.getNotAfter().toInstant())
        : Optional.empty();
  }

  /** Seconds until the serving certificate expires (negative once expired). */
  public double secondsToExpiry() {
    X509Certificate c = tls.identity().certificate();
    return Duration.between(Instant.now(), c.getNotAfter().toInstant()).toMillis() / 1000.0;
  }
}
