package io.migrationguard.webhook.tls;

import io.quarkus.tls.TlsConfiguration;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.core.net.SSLOptions;
import io.vertx.core.net.TrustOptions;
import java.security.KeyStore;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;

/**
 * The TLS configuration the HTTPS server is started with (registered in the Quarkus TLS registry as
 * {@value #NAME}): server identity only, TLS 1.3 and 1.2, its key manager swappable for rotation.
 */
final class ServingTlsConfiguration implements TlsConfiguration {
  /** The registry name; {@code quarkus.http.tls-configuration-name} points at it. */
  static final String NAME = "migration-guard";

  /** TLS 1.2 is the floor: the Kubernetes API server and every supported client speak it. */
  static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

  private final SwappableKeyManager keyManager;
  private final BooleanSupplier reload;

  ServingTlsConfiguration(SwappableKeyManager keyManager, BooleanSupplier reload) {
    this.keyManager = keyManager;
    this.reload = reload;
  }

  @Override
  public KeyStore getKeyStore() {
    try {
      Identity id = keyManager.current();
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry(id.alias(), id.key(), new char[0], id.chain());
      return store;
    } catch (Exception e) {
      throw new IllegalStateException("cannot build a key store", e);
    }
  }

  @Override
  public KeyCertOptions getKeyStoreOptions() {
    return KeyCertOptions.wrap(keyManager);
  }

  @Override
  public KeyStore getTrustStore() {
    return null; // no client certificates
  }

  @Override
  public TrustOptions getTrustStoreOptions() {
    return null;
  }

  @Override
  public SSLOptions getSSLOptions() {
    return new SSLOptions()
        .setKeyCertOptions(getKeyStoreOptions())
        .setEnabledSecureTransportProtocols(new LinkedHashSet<>(PROTOCOLS))
        .setUseAlpn(true)
        .setSslHandshakeTimeout(10)
        .setSslHandshakeTimeoutUnit(TimeUnit.SECONDS);
  }

  @Override
  public SSLContext createSSLContext() throws Exception {
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(new KeyManager[] {keyManager}, null, null);
    return context;
  }

  @Override
  public boolean isTrustAll() {
    return false;
  }

  @Override
  public Optional<String> getHostnameVerificationAlgorithm() {
    return Optional.empty();
  }

  @Override
  public boolean usesSni() {
    return false;
  }

  @Override
  public boolean reload() {
    return reload.getAsBoolean();
  }

  @Override
  public String getName() {
    return NAME;
  }
}
