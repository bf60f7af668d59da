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
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * The TLS configuration the HTTPS server is started with (registered in the Quarkus TLS registry as
 * {@value #NAME}): server identity, TLS 1.3 and 1.2 with AEAD cipher suites only, its key manager
 * swappable for rotation, and the client CA of {@code migration-guard.tls.client-ca} when one is
 * set ({@link ClientCa}).
 */
final class ServingTlsConfiguration implements TlsConfiguration {
  /** The registry name; {@code quarkus.http.tls-configuration-name} points at it. */
  static final String NAME = "migration-guard";

  /** TLS 1.2 is the floor: the Kubernetes API server and every supported client speak it. */
  static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

  /**
   * AEAD suites only, in the server's order of preference (Mozilla's "intermediate" order). TLS
   * 1.3: all three of its suites. TLS 1.2: ECDHE (forward secrecy) with AES-GCM or
   * ChaCha20-Poly1305, for an EC key (ECDSA) or an RSA key (PKCS#1 and PKCS#8 are served); no CBC
   * (padding oracles, Lucky 13), no RSA key exchange (no forward secrecy) and no DHE (slow, and
   * ECDHE is spoken by every client of a webhook: Go's crypto/tls, the API server's, offers no DHE
   * at all).
   */
  static final List<String> CIPHER_SUITES =
      List.of(
          "TLS_AES_128_GCM_SHA256",
          "TLS_AES_256_GCM_SHA384",
          "TLS_CHACHA20_POLY1305_SHA256",
          "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
          "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

  private final SwappableKeyManager keyManager;
  private final BooleanSupplier reload;
  private final Optional<X509TrustManager> clientTrust;

  ServingTlsConfiguration(
      SwappableKeyManager keyManager,
      BooleanSupplier reload,
      Optional<X509TrustManager> clientTrust) {
    this.keyManager = keyManager;
    this.reload = reload;
    this.clientTrust = clientTrust;
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
    return null; // the client CA, when set, is given as trust options
  }

  @Override
  public TrustOptions getTrustStoreOptions() {
    return clientTrust.map(TrustOptions::wrap).orElse(null);
  }

  @Override
  public SSLOptions getSSLOptions() {
    SSLOptions options =
        new SSLOptions()
            .setKeyCertOptions(getKeyStoreOptions())
            .setTrustOptions(getTrustStoreOptions())
            .setEnabledSecureTransportProtocols(new LinkedHashSet<>(PROTOCOLS))
            .setUseAlpn(true)
            .setSslHandshakeTimeout(10)
            .setSslHandshakeTimeoutUnit(TimeUnit.SECONDS);
    // Quarkus copies these onto the HTTPS server's options (HttpServerOptionsUtils), in order.
    CIPHER_SUITES.forEach(options::addEnabledCipherSuite);
    return options;
  }

  @Override
  public SSLContext createSSLContext() throws Exception {
    SSLContext context = SSLContext.getInstance("TLS");
    TrustManager[] trust = clientTrust.map(t -> new TrustManager[] {t}).orElse(null);
    context.init(new KeyManager[] {keyManager}, trust, null);
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
