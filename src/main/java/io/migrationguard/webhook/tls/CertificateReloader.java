package io.migrationguard.webhook.tls;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
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

/**
 * Watches the certificate and key files: every {@code migration-guard.tls.reload-period} it hashes
 * them and, when their content changed, asks {@link ServingTls} to serve them (it refuses a bad
 * pair, keeping the current one). Existing connections keep their session; new handshakes get the
 * new certificate. Files are read by path, so a Kubernetes Secret's {@code ..data} symlink swap is
 * seen like an in-place rewrite.
 */
@ApplicationScoped
public class CertificateReloader {
  @Inject ServingTls serving;
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
    if (!serving.servesFiles()) {
      return; // a generated identity, in memory: no file to watch
    }
    lastDigest = digest();
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
    serving.reload();
    return null;
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
