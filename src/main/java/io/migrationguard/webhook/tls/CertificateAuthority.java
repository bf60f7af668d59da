package io.migrationguard.webhook.tls;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A throw-away certificate authority built with the JDK alone (EC P-256, ECDSA with SHA-256): a
 * self-signed CA certificate, and serving certificates it signs. Use it where the service must
 * serve TLS with no certificate configured, and in tests; never for long-lived production keys.
 */
public final class CertificateAuthority {
  private static final String SIGNATURE_ALGORITHM = "SHA256withECDSA";
  private static final String ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2";
  // Certificates are backdated a little so that small clock skew between hosts does not matter.
  private static final Duration BACKDATE = Duration.ofHours(1);

  private final KeyPair keys;
  private final X509Certificate certificate;
  private final byte[] subject;
  private final SecureRandom random;

  private CertificateAuthority(KeyPair keys, X509Certificate cert, byte[] subject, SecureRandom r) {
    this.keys = keys;
    this.certificate = cert;
    this.subject = subject;
    this.random = r;
  }

  /** A new CA with its own key, valid from now for {@code validity}. */
  public static CertificateAuthority create(String commonName, Duration validity) {
    try {
      SecureRandom random = new SecureRandom();
      KeyPair keys = newKeyPair(random);
      byte[] name = name(commonName);
      byte[] extensions =
          Der.sequence(
              extension("2.5.29.19", true, Der.sequence(Der.bool(true))),
              extension("2.5.29.15", true, Der.namedBits(0x06)), // keyCertSign, cRLSign
              extension("2.5.29.14", false, Der.octetString(keyId(keys.getPublic()))));
      byte[] tbs = tbs(random, name, name, keys.getPublic(), validity, extensions);
      X509Certificate cert = sign(tbs, keys);
      return new CertificateAuthority(keys, cert, name, random);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot create a certificate authority", e);
    }
  }

  /**
   * An authority over an existing CA key and certificate, to issue further certificates under the
   * same trust anchor (a renewal, as cert-manager does).
   */
  public static CertificateAuthority of(KeyPair keys, X509Certificate certificate) {
    return new CertificateAuthority(
        keys, certificate, certificate.getSubjectX500Principal().getEncoded(), new SecureRandom());
  }

  /** The CA's key pair, to keep beside the certificate when the CA must outlive this object. */
  public KeyPair keys() {
    return keys;
  }

  /** The CA certificate, to hand to clients as the trust anchor. */
  public X509Certificate certificate() {
    return certificate;
  }

  /** A new serving certificate (server authentication) for the given DNS names and addresses. */
  public KeyAndCertificate issue(
      String commonName, List<String> dnsNames, List<InetAddress> addresses, Duration validity) {
    try {
      return issue(commonName, dnsNames, addresses, validity, newKeyPair(random));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot issue a certificate", e);
    }
  }

  /**
   * As {@link #issue(String, List, List, Duration)}, for a key pair of the caller's (EC or RSA).
   */
  public KeyAndCertificate issue(
      String commonName,
      List<String> dnsNames,
      List<InetAddress> addresses,
      Duration validity,
      KeyPair leaf) {
    try {
      List<byte[]> names = new ArrayList<>();
      dnsNames.forEach(d -> names.add(Der.implicit(2, d.getBytes(StandardCharsets.US_ASCII))));
      addresses.forEach(a -> names.add(Der.implicit(7, a.getAddress())));
      // digitalSignature; RSA key exchange (TLS 1.2) also needs keyEncipherment.
      int usage = "RSA".equals(leaf.getPublic().getAlgorithm()) ? 0xa0 : 0x80;
      byte[] extensions =
          Der.sequence(
              extension("2.5.29.19", true, Der.sequence()),
              extension("2.5.29.15", true, Der.namedBits(usage)),
              extension("2.5.29.37", false, Der.sequence(Der.oid("1.3.6.1.5.5.7.3.1"))),
              extension("2.5.29.17", false, Der.sequence(names.toArray(byte[][]::new))),
              extension("2.5.29.14", false, Der.octetString(keyId(leaf.getPublic()))),
              extension(
                  "2.5.29.35", false, Der.sequence(Der.implicit(0, keyId(keys.getPublic())))));
      byte[] tbs = tbs(random, subject, name(commonName), leaf.getPublic(), validity, extensions);
      return new KeyAndCertificate(leaf.getPrivate(), sign(tbs, keys));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot issue a certificate", e);
    }
  }

  private static KeyPair newKeyPair(SecureRandom random) throws GeneralSecurityException {
    KeyPairGenerator gen = KeyPairGenerator.getInstance("EC");
    gen.initialize(new ECGenParameterSpec("secp256r1"), random);
    return gen.generateKeyPair();
  }

  private static byte[] tbs(
      SecureRandom random,
      byte[] issuer,
      byte[] subject,
      PublicKey key,
      Duration validity,
      byte[] extensions) {
    byte[] serial = new byte[16];
    random.nextBytes(serial);
    serial[0] = (byte) ((serial[0] & 0x7f) | 0x40); // positive and never zero
    ZonedDateTime now = ZonedDateTime.now();
    return Der.sequence(
        Der.explicit(0, Der.integer(2)), // v3
        Der.integer(new BigInteger(serial)),
        Der.sequence(Der.oid(ECDSA_WITH_SHA256)),
        issuer,
        Der.sequence(Der.time(now.minus(BACKDATE)), Der.time(now.plus(validity))),
        subject,
        key.getEncoded(), // SubjectPublicKeyInfo, already DER
        Der.explicit(3, extensions));
  }

  private static X509Certificate sign(byte[] tbs, KeyPair issuerKeys)
      throws GeneralSecurityException {
    Signature signer = Signature.getInstance(SIGNATURE_ALGORITHM);
    signer.initSign(issuerKeys.getPrivate());
    signer.update(tbs);
    byte[] der =
        Der.sequence(tbs, Der.sequence(Der.oid(ECDSA_WITH_SHA256)), Der.bitString(signer.sign()));
    CertificateFactory factory = CertificateFactory.getInstance("X.509");
    X509Certificate cert =
        (X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der));
    cert.verify(issuerKeys.getPublic());
    return cert;
  }

  private static byte[] name(String commonName) {
    return Der.sequence(
        Der.set(Der.sequence(Der.oid("2.5.4.10"), Der.utf8("migration-guard"))),
        Der.set(Der.sequence(Der.oid("2.5.4.3"), Der.utf8(commonName))));
  }

  private static byte[] extension(String oid, boolean critical, byte[] value) {
    return critical
        ? Der.sequence(Der.oid(oid), Der.bool(true), Der.octetString(value))
        : Der.sequence(Der.oid(oid), Der.octetString(value));
  }

  /** RFC 5280 §4.2.1.2 allows any unique value; a truncated SHA-256 of the key is one. */
  private static byte[] keyId(PublicKey key) throws GeneralSecurityException {
    byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
    return Arrays.copyOf(digest, 20);
  }
}
