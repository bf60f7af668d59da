package io.migrationguard.webhook.tls;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;

/**
 * One serving identity: a private key and its certificate chain, loaded from PEM files (PKCS#8,
 * PKCS#1 RSA or SEC1 EC keys; see {@link PemFiles}).
 *
 * @param alias a name unique to this load, so that a handshake that started before a rotation still
 *     finds the key it chose
 * @param key the private key
 * @param chain the certificate chain, leaf first
 */
public record Identity(String alias, PrivateKey key, X509Certificate[] chain) {
  /** The serving (leaf) certificate. */
  public X509Certificate certificate() {
    return chain[0];
  }

  /**
   * Loads the pair and checks it ({@link PairCheck}); the result carries either the identity or why
   * it must not be served.
   */
  public static Loaded load(String certFile, String keyFile, String alias) {
    Identity id;
    try {
      X509Certificate[] chain = PemFiles.certificates(Path.of(certFile));
      PrivateKey key = PemFiles.privateKey(Path.of(keyFile), chain[0]);
      id = new Identity(alias, key, chain);
    } catch (IOException | GeneralSecurityException | RuntimeException e) {
      return new Loaded(null, "cannot load " + certFile + " and " + keyFile + ": " + describe(e));
    }
    String problem = PairCheck.problem(id.key(), id.chain());
    return problem == null ? new Loaded(id, null) : new Loaded(id, problem);
  }

  private static String describe(Exception e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? "unreadable" : m;
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
