package io.migrationguard.webhook.tls;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * The key manager the HTTPS server is built with once; rotation swaps the {@link Identity} behind
 * it, so the server's TLS context is never rebuilt. (Rebuilding it, as Vert.x's {@code
 * updateSSLOptions} does, drops connections that arrive during the rebuild.) The previous identity
 * stays reachable by alias so a handshake that chose it just before a swap can finish.
 */
final class SwappableKeyManager extends X509ExtendedKeyManager {
  private volatile Identity current;
  private volatile Identity previous;

  SwappableKeyManager(Identity initial) {
    this.current = initial;
  }

  Identity current() {
    return current;
  }

  synchronized void swap(Identity next) {
    previous = current;
    current = next;
  }

  @Override
  public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
    return choose(keyType);
  }

  @Override
  public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
    return choose(keyType);
  }

  @Override
  public String[] getServerAliases(String keyType, Principal[] issuers) {
    String alias = choose(keyType);
    return alias == null ? null : new String[] {alias};
  }

  @Override
  public X509Certificate[] getCertificateChain(String alias) {
    Identity id = find(alias);
    return id == null ? null : id.chain().clone();
  }

  @Override
  public PrivateKey getPrivateKey(String alias) {
    Identity id = find(alias);
    return id == null ? null : id.key();
  }

  @Override
  public String[] getClientAliases(String keyType, Principal[] issuers) {
    return null; // a server identity only
  }

  @Override
  public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
    return null;
  }

  /**
   * The JDK asks by key type: {@code EC}, {@code RSA}, {@code EdDSA}, or TLS 1.2 forms such as
   * {@code EC_EC}; the part before {@code _} is the key algorithm.
   */
  private String choose(String keyType) {
    Identity id = current;
    if (keyType == null) {
      return null;
    }
    String algorithm = id.key().getAlgorithm();
    boolean fits = keyType.equals(algorithm) || keyType.startsWith(algorithm + "_");
    return fits ? id.alias() : null;
  }

  private Identity find(String alias) {
    Identity c = current;
    if (c.alias().equals(alias)) {
      return c;
    }
    Identity p = previous;
    return p != null && p.alias().equals(alias) ? p : null;
  }
}
