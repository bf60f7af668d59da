package io.migrationguard.webhook.health;

import io.migrationguard.webhook.tls.ServingCertificate;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.cert.X509Certificate;
import java.util.Date;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** Ready once a serving certificate is loaded and still valid; shows its subject and expiry. */
@Readiness
@ApplicationScoped
public class CertificateReadiness implements HealthCheck {
  @Inject ServingCertificate serving;

  @Override
  public HealthCheckResponse call() {
    HealthCheckResponseBuilder b = HealthCheckResponse.named("serving-certificate");
    Optional<X509Certificate> cert = serving.current();
    if (cert.isEmpty()) {
      return b.down().withData("error", "no serving certificate loaded").build();
    }
    X509Certificate c = cert.get();
    boolean valid = c.getNotAfter().after(new Date());
    return b.status(valid)
        .withData("subject", c.getSubjectX500Principal().getName())
        .withData("notAfter", c.getNotAfter().toInstant().toString())
        .build();
  }
}
