package io.migrationguard.webhook.tls;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.tls.CertificateUpdatedEvent;
import io.quarkus.tls.TlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Re-reads the certificate and key files every {@code migration-guard.tls.reload-period} and, when
 * their content changed and the new pair is good ({@link KeyStoreCheck}), hands it to the HTTPS
 * server. Existing connections keep their session; new handshakes get the new certificate. A bad
 * pair (half-written files, a key that does not match) is logged and not served: the previous
 * certificate stays. Files are read by path, so a Kubernetes Secret's {@code ..data} symlink swap
 * is seen like an in-place rewrite. Used instead of the TLS registry's own periodic reload, which
 * serves whatever it reads.
 */
@ApplicationScoped
public class CertificateReloader {
  private static final Logger LOG = Logger.getLogger(CertificateReloader.class);

  @Inject TlsConfigurationRegistry registry;
  @Inject Event<CertificateUpdatedEvent> updated;
  @Inject ServingCertificate serving;
  @Inject Vertx vertx;

  @ConfigProperty(name = "migration-guard.tls.cert")
  String certFile;

  @ConfigProperty(name = "migration-guard.tls.key")
  String keyFile;

  @ConfigProperty(name = "migration-guard.tls.reload-period")
  Duration period;

  private byte[] lastDigest;
  private long timer = -1;

  synchronized void start(@Observes StartupEvent event) {
    TlsConfiguration tls = registry.getDefault().orElseThrow();
    lastDigest = digest();
    KeyStoreCheck.Result result = check(tls);
    serving.set(result);
    if (!result.ok()) {
      LOG.errorf(
          "The serving certificate cannot be used: %s (%s, %s)",
          result.problem(), certFile, keyFile);
    }
    if (!period.isZero() && !period.isNegative()) {
      timer = vertx.setPeriodic(period.toMillis(), id -> vertx.executeBlocking(this::tick, false));
    }
  }

  synchronized void stop(@Observes ShutdownEvent event) {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
  }

  /** One reload check; returns null (a Callable for executeBlocking). */
  synchronized Void tick() {
    byte[] digest = digest();
    if (digest == null || Arrays.equals(digest, lastDigest)) {
      return null;
    }
    lastDigest = digest;
    TlsConfiguration tls = registry.getDefault().orElseThrow();
    if (!tls.reload()) {
      LOG.warnf(
          "Cannot load the changed certificate files (%s, %s); keeping the current certificate",
          certFile, keyFile);
      return null;
    }
    KeyStoreCheck.Result result = check(tls);
    if (!result.ok()) {
      LOG.warnf(
          "Not serving the changed certificate files: %s; keeping the current certificate",
          result.problem());
      return null;
    }
    updated.fire(new CertificateUpdatedEvent(tls.getName(), tls));
    serving.set(result);
    LOG.infof(
        "Serving a new certificate: %s, serial %s, valid until %s",
        result.certificate().getSubjectX500Principal().getName(),
        result.certificate().getSerialNumber().toString(16),
        result.certificate().getNotAfter().toInstant());
    return null;
  }

  private KeyStoreCheck.Result check(TlsConfiguration tls) {
    try {
      return KeyStoreCheck.check(tls.getKeyStoreOptions().getKeyManagerFactory(vertx));
    } catch (Exception e) {
      return new KeyStoreCheck.Result(null, "cannot load the key: " + e.getMessage());
    }
  }

  /** SHA-256 over both files, or null when one cannot be read (mid-rotation): try again later. */
  private byte[] digest() {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      md.update(Files.readAllBytes(Path.of(certFile)));
      md.update((byte) 0);
      md.update(Files.readAllBytes(Path.of(keyFile)));
      return md.digest();
    } catch (IOException e) {
      return null;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
