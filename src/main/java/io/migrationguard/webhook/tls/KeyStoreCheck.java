package io.migrationguard.webhook.tls;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.Date;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.X509KeyManager;

/**
 * Checks a loaded serving key store before it is served: a key entry exists, its certificate is in
 * date, and the private key belongs to the certificate (a signature made with the key verifies with
 * the certificate's public key). Neither Quarkus nor Vert.x checks the last point; a mismatched
 * pair would load fine and then fail every handshake.
 */
public final class KeyStoreCheck {
  private static final List<String> KEY_TYPES = List.of("EC", "RSA", "EdDSA", "Ed25519", "Ed448");

  private KeyStoreCheck() {}

  /**
   * The outcome of a check.
   *
   * @param certificate the serving (leaf) certificate, null when none was found
   * @param problem why the pair must not be served, or null when it may
   */
  public record Result(X509Certificate certificate, String problem) {
    public boolean ok() {
      return problem == null;
    }
  }

  /**
   * Checks the key and certificate the server would pick from {@code keys} (the key managers the
   * TLS configuration hands to the server), for each key type a TLS server may use.
   */
  public static Result check(KeyManagerFactory keys) {
    for (KeyManager km : keys.getKeyManagers()) {
      if (!(km instanceof X509KeyManager manager)) {
        continue;
      }
      for (String type : KEY_TYPES) {
        String[] aliases = manager.getServerAliases(type, null);
        if (aliases != null && aliases.length > 0) {
          return check(manager.getPrivateKey(aliases[0]), manager.getCertificateChain(aliases[0]));
        }
      }
    }
    return new Result(null, "no private key and certificate loaded");
  }

  private static Result check(PrivateKey key, X509Certificate[] chain) {
    if (chain == null || chain.length == 0) {
      return new Result(null, "the key has no certificate");
    }
    X509Certificate cert = chain[0];
    if (key == null) {
      return new Result(cert, "no private key");
    }
    if (!matches(key, cert)) {
      return new Result(cert, "the private key does not belong to the certificate");
    }
    if (cert.getNotAfter().before(new Date())) {
      return new Result(cert, "the certificate expired at " + cert.getNotAfter().toInstant());
    }
    return new Result(cert, null);
  }

  private static boolean matches(PrivateKey key, X509Certificate cert) {
    String algorithm =
        switch (key.getAlgorithm()) {
          case "RSA" -> "SHA256withRSA";
          case "EC" -> "SHA256withECDSA";
          default -> key.getAlgorithm(); // EdDSA family: Ed25519, Ed448
        };
    try {
      byte[] challenge = new byte[32];
      new SecureRandom().nextBytes(challenge);
      Signature signer = Signature.getInstance(algorithm);
      signer.initSign(key);
      signer.update(challenge);
      byte[] signature = signer.sign();
      Signature verifier = Signature.getInstance(algorithm);
      verifier.initVerify(cert.getPublicKey());
      verifier.update(challenge);
      return verifier.verify(signature);
    } catch (GeneralSecurityException e) {
      return false; // e.g. an EC key with an RSA certificate
    }
  }
}
