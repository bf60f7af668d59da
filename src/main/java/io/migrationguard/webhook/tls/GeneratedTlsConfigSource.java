package io.migrationguard.webhook.tls;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Supplies a self-signed serving certificate when none is configured, so that {@code java -jar
 * quarkus-run.jar} serves HTTPS with no set-up.
 *
 * <p>application.properties falls back to this source's names ({@code
 * migration-guard.tls.cert=${migration-guard.generated-tls.cert}}); a certificate given through a
 * system property, an environment variable or a config file shadows that fallback. Both names
 * resolve to {@link #IN_MEMORY}, not to files: {@link ServingTls}, seeing it for the certificate
 * and the key, asks this source for {@link #generated()}, made once per configuration (application
 * start, or test application start) and kept in memory ({@link SelfSignedTls}: only the CA
 * certificate is written). Hooking in here rather than in {@code Main} makes the fallback work the
 * same for the packaged jar, dev mode and {@code @QuarkusTest}.
 */
public final class GeneratedTlsConfigSource implements ConfigSource {
  /** Resolves to {@link #IN_MEMORY}: the generated certificate chain. */
  public static final String CERT = "migration-guard.generated-tls.cert";

  /** Resolves to {@link #IN_MEMORY}: the generated private key. */
  public static final String KEY = "migration-guard.generated-tls.key";

  /** The generated CA bundle file; present only once a certificate has been generated. */
  public static final String CA = "migration-guard.generated-tls.ca";

  /** What {@link #CERT} and {@link #KEY} resolve to: no file, the identity kept in memory. */
  public static final String IN_MEMORY = "(generated, in memory)";

  private SelfSignedTls generated;

  @Override
  public synchronized String getValue(String name) {
    return switch (name) {
      case CERT, KEY -> IN_MEMORY;
      case CA -> generated == null ? null : generated.caFile().toString();
      default -> null;
    };
  }

  /** The generated CA and serving identity, made on the first call. */
  public synchronized SelfSignedTls generated() {
    if (generated == null) {
      generated = SelfSignedTls.create();
    }
    return generated;
  }

  /** This source among {@code config}'s. */
  static GeneratedTlsConfigSource of(Config config) {
    for (ConfigSource source : config.getConfigSources()) {
      if (source instanceof GeneratedTlsConfigSource generated) {
        return generated;
      }
    }
    throw new IllegalStateException("the generated TLS config source is not registered");
  }

  @Override
  public Set<String> getPropertyNames() {
    // Not enumerated on purpose: listing the names would let tools that walk every property
    // (config dumps, mapping validation) see values nobody asked for.
    return Set.of();
  }

  @Override
  public synchronized Map<String, String> getProperties() {
    return Map.of();
  }

  @Override
  public int getOrdinal() {
    // Only answers its own names, so its rank never shadows anything; keep it lowest anyway.
    return 1;
  }

  @Override
  public String getName() {
    return "migration-guard generated TLS";
  }
}
