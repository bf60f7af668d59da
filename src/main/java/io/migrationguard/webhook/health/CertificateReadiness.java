package io.migrationguard.webhook.health;

import io.migrationguard.webhook.tls.ServingCertificate;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.cert.X509Certificate;
import java.util.Date;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once a serving certificate is loaded, in date, and its key matches; shows its subject and
 * expiry, or what is wrong.
 */
@Readiness
@ApplicationScoped
public class CertificateReadiness extends OnHealthThread {
  @Inject ServingCertificate serving;

  @Override
  HealthCheckResponse check() {
    HealthCheckResponseBuilder b = HealthCheckResponse.named("serving-certificate");
    Optional<X509Certificate> cert = serving.current();
    cert.ifPresent(
        c ->
            b.withData("subject", c.getSubjectX500Principal().getName())
                .withData("notAfter", c.getNotAfter().toInstant().toString()));
    Optional<String> problem = serving.problem();
    if (problem.isPresent()) {
      return b.down().withData("error", problem.get()).build();
    }
    boolean valid = cert.isPresent() && cert.get().getNotAfter().after(new Date());
    return b.status(valid).build();
  }
}
