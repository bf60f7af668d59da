package io.migrationguard.webhook.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.CertPath;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
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
  void selfSignedKeepsTheKeyInMemoryAndWritesOnlyTheCa() throws Exception {
    SelfSignedTls generated = SelfSignedTls.create();
    Path dir = generated.caFile().getParent();
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(dir.resolve("ca.crt")), files.toList(), "no key file");
    }
    X509Certificate caCert =
        (X509Certificate)
            CertificateFactory.getInstance("X.509")
                .generateCertificate(
                    new ByteArrayInputStream(Files.readAllBytes(generated.caFile())));
    assertEquals(generated.ca(), caCert);
    Identity served = generated.identity();
    served.certificate().verify(caCert.getPublicKey());
    assertEquals("EC", served.key().getAlgorithm());
    assertNull(PairCheck.problem(served.key(), served.chain()));
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
