package io.migrationguard.webhook.tls;

import io.quarkus.runtime.Startup;
import io.quarkus.tls.TlsConfigurationRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Owns the serving identity: loads {@code migration-guard.tls.cert}/{@code .key} at start (refusing
 * to start on unreadable files or a key that does not match), or serves the identity generated in
 * memory when neither is configured ({@link GeneratedTlsConfigSource}), registers the TLS
 * configuration the HTTPS server uses, and swaps in a new identity on {@link #reload()} when the
 * new pair is good. A bad pair is logged and the current identity kept.
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

  static {
    // Before the HTTPS server and TlsWarmup run a handshake; @QuarkusTest and dev mode do not go
    // through Main, which sets it first for the packaged jar.
    Renegotiation.refuseClientInitiated();
  }

  private final AtomicLong loads = new AtomicLong();
  private SwappableKeyManager keyManager;
  private boolean generated;

  @PostConstruct
  void init() {
    generated = requireBothOrNeither();
    Identity identity =
        generated ? GeneratedTlsConfigSource.of(config).generated().identity() : configured();
    keyManager = new SwappableKeyManager(identity);
    TlsWarmup.start(identity);
    registry.register(
        ServingTlsConfiguration.NAME,
        new ServingTlsConfiguration(keyManager, this::reload, clientCa.trustManager()));
  }

  /** The configured files' identity; throws when they cannot be served. */
  private Identity configured() {
    Identity.Loaded loaded = load();
    if (loaded.identity() == null || (loaded.problem() != null && !expiredOnly(loaded))) {
      throw new IllegalStateException(
          "migration-guard.tls: " + loaded.problem() + " (" + certFile + ", " + keyFile + ")");
    }
    if (loaded.problem() != null) {
      LOG.errorf("Serving certificate problem: %s", loaded.problem());
    }
    return loaded.identity();
  }

  /** The identity being served. */
  public Identity identity() {
    return keyManager.current();
  }

  /** Whether the identity comes from files (to watch), not generated in memory. */
  public boolean servesFiles() {
    return !generated;
  }

  /**
   * Re-reads the files; serves them if they hold a good pair. Returns whether a new identity is now
   * served (never for a generated identity: there is no file to re-read).
   */
  public synchronized boolean reload() {
    if (generated) {
      return false;
    }
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
   * Whether the generated identity is served (neither file configured). Only one of the two files
   * configured: the other fell back to the generated identity, which can never match. Say so,
   * rather than "the key does not belong to the certificate".
   */
  private boolean requireBothOrNeither() {
    boolean cert = GeneratedTlsConfigSource.IN_MEMORY.equals(certFile);
    boolean key = GeneratedTlsConfigSource.IN_MEMORY.equals(keyFile);
    if (cert != key) {
      throw new IllegalStateException(
          "migration-guard.tls.cert and migration-guard.tls.key (MIGRATION_GUARD_TLS_CERT,"
              + " MIGRATION_GUARD_TLS_KEY) must be set together");
    }
    return cert;
  }

  private Identity.Loaded load() {
    return Identity.load(certFile, keyFile, "serving-" + loads.incrementAndGet());
  }

  private static boolean expiredOnly(Identity.Loaded loaded) {
    return loaded.problem().startsWith("the certificate expired");
  }
}
