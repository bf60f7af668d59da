package io.migrationguard.webhook.tls;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.Date;

/**
 * Checks a serving key and certificate before they are served: both present, the certificate in
 * date, and the private key belongs to the certificate (a signature made with the key verifies with
 * the certificate's public key). Neither Quarkus nor Vert.x checks the last point; a mismatched
 * pair would load fine and then fail every handshake.
 */
public final class PairCheck {
  private PairCheck() {}

  /** Why {@code key} and {@code chain} must not be served, or null when they may. */
  public static String problem(PrivateKey key, X509Certificate[] chain) {
    if (chain == null || chain.length == 0) {
      return "the key has no certificate";
    }
    X509Certificate cert = chain[0];
    if (key == null) {
      return "no private key";
    }
    if (!matches(key, cert)) {
      return "the private key does not belong to the certificate";
    }
    if (cert.getNotAfter().before(new Date())) {
      return "the certificate expired at " + cert.getNotAfter().toInstant();
    }
    return null;
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
