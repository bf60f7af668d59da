package io.migrationguard.webhook.tls;

import io.quarkus.runtime.Startup;
import io.quarkus.tls.TlsConfigurationRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Owns the serving identity: loads {@code migration-guard.tls.cert}/{@code .key} at start (refusing
 * to start on unreadable files or a key that does not match), registers the TLS configuration the
 * HTTPS server uses, and swaps in a new identity on {@link #reload()} when the new pair is good. A
 * bad pair is logged and the current identity kept.
 */
@Startup
@ApplicationScoped
public class ServingTls {
  private static final Logger LOG = Logger.getLogger(ServingTls.class);

  @Inject TlsConfigurationRegistry registry;
  @Inject Config config;
  @Inject ClientCa clientCa;

  @ConfigProperty(name = "migration-guard.tls.cert")
  String certFile;

  @ConfigProperty(name = "migration-guard.tls.key")
  String keyFile;

  private final AtomicLong loads = new AtomicLong();
  private SwappableKeyManager keyManager;

  @PostConstruct
  void init() {
    requireBothOrNeither();
    Identity.Loaded loaded = load();
    if (loaded.identity() == null || (loaded.problem() != null && !expiredOnly(loaded))) {
      throw new IllegalStateException(
          "migration-guard.tls: " + loaded.problem() + " (" + certFile + ", " + keyFile + ")");
    }
    if (loaded.problem() != null) {
      LOG.errorf("Serving certificate problem: %s", loaded.problem());
    }
    keyManager = new SwappableKeyManager(loaded.identity());
    TlsWarmup.start(loaded.identity());
    registry.register(
        ServingTlsConfiguration.NAME,
        new ServingTlsConfiguration(keyManager, this::reload, clientCa.trustManager()));
  }

  /** The identity being served. */
  public Identity identity() {
    return keyManager.current();
  }

  /**
   * Re-reads the files; serves them if they hold a good pair. Returns whether a new identity is now
   * served.
   */
  public synchronized boolean reload() {
    Identity.Loaded loaded = load();
    if (!loaded.ok()) {
      LOG.warnf(
          "Not serving the changed certificate files: %s; keeping the current certificate",
          loaded.problem());
      return false;
    }
    keyManager.swap(loaded.identity());
    var cert = loaded.identity().certificate();
    LOG.infof(
        "Serving a new certificate: %s, serial %s, valid until %s",
        cert.getSubjectX500Principal().getName(),
        cert.getSerialNumber().toString(16),
        cert.getNotAfter().toInstant());
    return true;
  }

  /**
   * Only one of the two files configured: the other fell back to a generated file, which can never
   * match. Say so, rather than "the key does not belong to the certificate".
   */
  private void requireBothOrNeither() {
    Optional<String> ca = config.getOptionalValue(GeneratedTlsConfigSource.CA, String.class);
    if (ca.isEmpty()) {
      return;
    }
    Path generated = Path.of(ca.get()).getParent();
    if (Path.of(certFile).startsWith(generated) != Path.of(keyFile).startsWith(generated)) {
      throw new IllegalStateException(
          "migration-guard.tls.cert and migration-guard.tls.key (MIGRATION_GUARD_TLS_CERT,"
              + " MIGRATION_GUARD_TLS_KEY) must be set together");
    }
  }

  private Identity.Loaded load() {
    return Identity.load(certFile, keyFile, "serving-" + loads.incrementAndGet());
  }

  private static boolean expiredOnly(Identity.Loaded loaded) {
    return loaded.problem().startsWith("the certificate expired");
  }
}
