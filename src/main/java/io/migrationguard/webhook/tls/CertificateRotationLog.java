package io.migrationguard.webhook.tls;

import io.quarkus.tls.CertificateUpdatedEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.security.cert.X509Certificate;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Logs when the serving certificate actually changes. The TLS registry re-reads the files every
 * {@code migration-guard.tls.reload-period} and reports every reload, changed or not; only a new
 * certificate is worth a line.
 */
@ApplicationScoped
public class CertificateRotationLog {
  private static final Logger LOG = Logger.getLogger(CertificateRotationLog.class);

  @Inject ServingCertificate serving;

  private volatile String lastSerial;

  void onUpdate(@Observes CertificateUpdatedEvent event) {
    Optional<X509Certificate> cert = serving.current();
    if (cert.isEmpty()) {
      return;
    }
    X509Certificate c = cert.get();
    String serial = c.getSerialNumber().toString(16);
    if (lastSerial != null && !serial.equals(lastSerial)) {
      LOG.infof(
          "Serving certificate reloaded: %s, serial %s, valid until %s",
          c.getSubjectX500Principal().getName(), serial, c.getNotAfter().toInstant());
    }
    lastSerial = serial;
  }
}
