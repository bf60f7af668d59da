package io.migrationguard.webhook.tls;

import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Base64;

/** RFC 7468 PEM text for certificates and PKCS#8 private keys. */
public final class Pem {
  private Pem() {}

  /** {@code -----BEGIN CERTIFICATE-----} blocks, one per certificate, in order. */
  public static String certificates(X509Certificate... certs) {
    StringBuilder sb = new StringBuilder();
    for (X509Certificate c : certs) {
      try {
        sb.append(block("CERTIFICATE", c.getEncoded()));
      } catch (CertificateEncodingException e) {
        throw new IllegalStateException("cannot encode certificate", e);
      }
    }
    return sb.toString();
  }

  /** The key as an unencrypted PKCS#8 {@code -----BEGIN PRIVATE KEY-----} block. */
  public static String privateKey(PrivateKey key) {
    return block("PRIVATE KEY", key.getEncoded());
  }

  /** One PEM block of {@code der} under {@code label}. */
  public static String block(String label, byte[] der) {
    String body =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
    return "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----\n";
  }
}
