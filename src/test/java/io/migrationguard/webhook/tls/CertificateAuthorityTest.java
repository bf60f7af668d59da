package io.migrationguard.webhook.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.cert.CertPath;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The JDK-only X.509 writer makes certificates a PKIX validator and TLS clients accept. */
class CertificateAuthorityTest {
  @Test
  void servingCertificateChainsToTheCaWithTheRightExtensions() throws Exception {
    CertificateAuthority ca = CertificateAuthority.create("test CA", Duration.ofDays(1));
    KeyAndCertificate leaf =
        ca.issue(
            "localhost",
            List.of("localhost", "svc.ns.svc"),
            List.of(InetAddress.getByName("127.0.0.1")),
            Duration.ofHours(1));
    X509Certificate c = leaf.certificate();

    CertificateFactory cf = CertificateFactory.getInstance("X.509");
    CertPath path = cf.generateCertPath(List.of(c));
    PKIXParameters params = new PKIXParameters(Set.of(new TrustAnchor(ca.certificate(), null)));
    params.setRevocationEnabled(false);
    CertPathValidator.getInstance("PKIX").validate(path, params); // throws when invalid

    assertEquals(-1, c.getBasicConstraints(), "not a CA");
    assertTrue(ca.certificate().getBasicConstraints() >= 0, "the CA is a CA");
    assertTrue(c.getKeyUsage()[0], "digitalSignature");
    assertEquals(List.of("1.3.6.1.5.5.7.3.1"), c.getExtendedKeyUsage());
    assertEquals(
        "[[2, localhost], [2, svc.ns.svc], [7, 127.0.0.1]]",
        c.getSubjectAlternativeNames().toString());
    assertEquals(3, c.getVersion());
    assertTrue(c.getSerialNumber().signum() > 0);
    assertTrue(c.getNotBefore().getTime() < System.currentTimeMillis());
  }

  @Test
  void selfSignedFilesArePrivateAndReadBack() throws Exception {
    TlsFiles files = TlsFiles.selfSigned();
    assertEquals(
        "rwx------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(files.cert().getParent())));
    assertEquals(
        "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files.key())));
    CertificateFactory cf = CertificateFactory.getInstance("X.509");
    X509Certificate cert =
        (X509Certificate)
            cf.generateCertificate(new ByteArrayInputStream(Files.readAllBytes(files.cert())));
    X509Certificate caCert =
        (X509Certificate)
            cf.generateCertificate(new ByteArrayInputStream(Files.readAllBytes(files.ca())));
    cert.verify(caCert.getPublicKey());
    String pem = Files.readString(files.key(), StandardCharsets.US_ASCII);
    assertTrue(pem.startsWith("-----BEGIN PRIVATE KEY-----\n"));
    byte[] der =
        Base64.getMimeDecoder()
            .decode(
                pem.replace("-----BEGIN PRIVATE KEY-----", "")
                    .replace("-----END PRIVATE KEY-----", ""));
    var key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der));
    assertNull(PairCheck.problem(key, new X509Certificate[] {cert}));
  }

  @Test
  void pairCheckCatchesAKeyOfAnotherCertificate() throws Exception {
    CertificateAuthority ca = CertificateAuthority.create("test CA", Duration.ofDays(1));
    List<InetAddress> ip = List.of(InetAddress.getByName("127.0.0.1"));
    KeyAndCertificate a = ca.issue("a", List.of("a"), ip, Duration.ofHours(1));
    KeyAndCertificate b = ca.issue("b", List.of("b"), ip, Duration.ofHours(1));
    assertEquals(
        "the private key does not belong to the certificate",
        PairCheck.problem(a.key(), new X509Certificate[] {b.certificate()}));
  }
}
