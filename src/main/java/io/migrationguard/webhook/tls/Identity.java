package io.migrationguard.webhook.tls;

import io.vertx.core.Vertx;
import io.vertx.core.net.PemKeyCertOptions;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.X509KeyManager;

/**
 * One serving identity: a private key and its certificate chain, loaded from PEM files (PKCS#8,
 * PKCS#1 RSA or SEC1 EC keys; Vert.x does the PEM decoding).
 *
 * @param alias a name unique to this load, so that a handshake that started before a rotation still
 *     finds the key it chose
 * @param key the private key
 * @param chain the certificate chain, leaf first
 */
public record Identity(String alias, PrivateKey key, X509Certificate[] chain) {
  private static final List<String> KEY_TYPES = List.of("EC", "RSA", "EdDSA", "Ed25519", "Ed448");

  /** The serving (leaf) certificate. */
  public X509Certificate certificate() {
    return chain[0];
  }

  /**
   * Loads the pair and checks it ({@link PairCheck}); the result carries either the identity or why
   * it must not be served.
   */
  public static Loaded load(Vertx vertx, String certFile, String keyFile, String alias) {
    X509KeyManager manager;
    try {
      PemKeyCertOptions pem = new PemKeyCertOptions().setCertPath(certFile).setKeyPath(keyFile);
      manager = x509(pem.getKeyManagerFactory(vertx).getKeyManagers());
    } catch (Exception e) {
      return new Loaded(
          null, "cannot load " + certFile + " and " + keyFile + ": " + e.getMessage());
    }
    for (String type : KEY_TYPES) {
      String[] aliases = manager == null ? null : manager.getServerAliases(type, null);
      if (aliases != null && aliases.length > 0) {
        Identity id =
            new Identity(
                alias, manager.getPrivateKey(aliases[0]), manager.getCertificateChain(aliases[0]));
        String problem = PairCheck.problem(id.key(), id.chain());
        return problem == null ? new Loaded(id, null) : new Loaded(id, problem);
      }
    }
    return new Loaded(null, "no private key and certificate in " + certFile + " and " + keyFile);
  }

  private static X509KeyManager x509(KeyManager[] managers) {
    for (KeyManager km : managers) {
      if (km instanceof X509KeyManager x) {
        return x;
      }
    }
    return null;
  }

  /**
   * The outcome of {@link #load}.
   *
   * @param identity what was read (may be set even when there is a problem, for reporting)
   * @param problem why it must not be served, or null
   */
  public record Loaded(Identity identity, String problem) {
    public boolean ok() {
      return identity != null && problem == null;
    }
  }
}
