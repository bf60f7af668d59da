package io.migrationguard.deploy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** Reads the PEM files certs/generate.sh writes, with java.security only (no openssl). */
final class Pem {
  private Pem() {}

  static List<X509Certificate> certificates(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return certificates(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<X509Certificate> certificates(byte[] pem) {
    return certificates(new ByteArrayInputStream(pem));
  }

  private static List<X509Certificate> certificates(InputStream in) {
    try {
      List<X509Certificate> out = new ArrayList<>();
      for (var c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        out.add((X509Certificate) c);
      }
      return out;
    } catch (GeneralSecurityException e) {
      throw new AssertionError("not a PEM certificate bundle", e);
    }
  }

  static X509Certificate certificate(Path file) {
    List<X509Certificate> all = certificates(file);
    if (all.size() != 1) {
      throw new AssertionError(file + ": expected one certificate, found " + all.size());
    }
    return all.get(0);
  }

  /** A PKCS#8 ("BEGIN PRIVATE KEY") RSA key. */
  static PrivateKey privateKey(Path file) {
    try {
      String pem = Files.readString(file);
      if (!pem.contains("-----BEGIN PRIVATE KEY-----")) {
        throw new AssertionError(file + " is not a PKCS#8 PEM private key");
      }
      String body = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
      var spec = new PKCS8EncodedKeySpec(Base64.getDecoder().decode(body));
      return KeyFactory.getInstance("RSA").generatePrivate(spec);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new AssertionError("unreadable key " + file, e);
    }
  }

  /** Whether {@code key} is the private half of {@code cert}'s public key (sign, then verify). */
  static boolean matches(PrivateKey key, X509Certificate cert) {
    try {
      byte[] data = "migration-guard".getBytes(java.nio.charset.StandardCharsets.UTF_8);
      Signature s = Signature.getInstance("SHA256withRSA");
      s.initSign(key);
      s.update(data);
      byte[] sig = s.sign();
      Signature v = Signature.getInstance("SHA256withRSA");
      v.initVerify(cert.getPublicKey());
      v.update(data);
      return v.verify(sig);
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  /** The DNS names of the subjectAltName extension. */
  static List<String> dnsNames(X509Certificate cert) {
    try {
      List<String> out = new ArrayList<>();
      var sans = cert.getSubjectAlternativeNames();
      if (sans != null) {
        for (List<?> san : sans) {
          if (Integer.valueOf(2).equals(san.get(0))) {
            out.add((String) san.get(1));
          }
        }
      }
      return out;
    } catch (GeneralSecurityException e) {
      throw new AssertionError(e);
    }
  }
}
