package io.migrationguard.webhook.tls;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Supplies a self-signed serving certificate when none is configured, so that {@code java -jar
 * quarkus-run.jar} serves HTTPS with no set-up.
 *
 * <p>application.properties falls back to this source's names ({@code
 * migration-guard.tls.cert=${migration-guard.generated-tls.cert}}); a certificate given through a
 * system property, an environment variable or a config file shadows that fallback, so nothing is
 * generated. Generation is lazy: the files are made the first time ServingTls resolves the
 * fallback, once per configuration (application start, or test application start). Hooking in here
 * rather than in {@code Main} makes the fallback work the same for the packaged jar, dev mode and
 * {@code @QuarkusTest}.
 */
public final class GeneratedTlsConfigSource implements ConfigSource {
  /** Resolves to the generated certificate chain file. */
  public static final String CERT = "migration-guard.generated-tls.cert";

  /** Resolves to the generated private key file. */
  public static final String KEY = "migration-guard.generated-tls.key";

  /** The generated CA bundle file; present only once a certificate has been generated. */
  public static final String CA = "migration-guard.generated-tls.ca";

  private TlsFiles files;

  @Override
  public synchronized String getValue(String name) {
    return switch (name) {
      case CERT -> generated().cert().toString();
      case KEY -> generated().key().toString();
      case CA -> files == null ? null : files.ca().toString();
      default -> null;
    };
  }

  private TlsFiles generated() {
    if (files == null) {
      files = TlsFiles.selfSigned();
    }
    return files;
  }

  @Override
  public Set<String> getPropertyNames() {
    // Not enumerated on purpose: listing the names would let tools that walk every property
    // (config dumps, mapping validation) trigger a generation nobody needs.
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
