package io.migrationguard.webhook.tls;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

/**
 * At start: says where the CA bundle of a generated certificate is (the one thing a user of the
 * no-set-up mode needs to know), and registers {@code migration_guard_certificate_expiry_seconds}.
 */
@ApplicationScoped
public class TlsStartup {
  private static final Logger LOG = Logger.getLogger(TlsStartup.class);

  void onStart(
      @Observes StartupEvent event,
      Config config,
      ServingCertificate serving,
      MeterRegistry meters) {
    Optional<String> ca = config.getOptionalValue(GeneratedTlsConfigSource.CA, String.class);
    ca.ifPresent(
        path ->
            LOG.infof(
                "No certificate configured (migration-guard.tls.cert/key or"
                    + " MIGRATION_GUARD_TLS_CERT/KEY): serving a generated self-signed certificate"
                    + " for localhost and 127.0.0.1. CA bundle: %s (for example: curl --cacert %s"
                    + " https://localhost:%s/q/health)",
                path,
                path,
                config.getOptionalValue("quarkus.http.ssl-port", String.class).orElse("8443")));
    Gauge.builder(
            "migration.guard.certificate.expiry.seconds",
            serving,
            ServingCertificate::secondsToExpiry)
        .description("Seconds until the serving certificate expires")
        // Micrometer holds a gauge's object weakly by default: once that object is collected the
        // gauge reads NaN and its series can vanish (seen in a full test run, where the meter
        // outlives the application that registered it). The expiry alert needs the series.
        .strongReference(true)
        .register(meters);
  }
}
