package io.migrationguard.webhook.support;

import io.migrationguard.webhook.tls.CertificateAuthority;
import io.migrationguard.webhook.tls.KeyAndCertificate;
import io.migrationguard.webhook.tls.Pem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;

/** The test's certificate directory (Kubernetes Secret layout), able to rotate the certificate. */
public final class TlsDir {
  private final Path root;
  private final CertificateAuthority ca;
  private final boolean pkcs1Rsa;
  private int revision;
  private X509Certificate current;

  TlsDir(Path root, CertificateAuthority ca, boolean pkcs1Rsa) throws IOException {
    this.root = root;
    this.ca = ca;
    this.pkcs1Rsa = pkcs1Rsa;
    Files.writeString(root.resolve("ca.crt"), Pem.certificates(ca.certificate()));
  }

  /** The CA every certificate of this directory chains to. */
  public X509Certificate caCertificate() {
    return ca.certificate();
  }

  /** The serving certificate most recently written. */
  public X509Certificate current() {
    return current;
  }

  /**
   * Writes a new key and certificate into a new revision directory and points {@code ..data} at it,
   * as the kubelet does when a Secret changes; returns the new certificate.
   */
  public synchronized X509Certificate rotate() throws IOException {
    KeyAndCertificate kc = TestCertificates.issue(ca, pkcs1Rsa);
    write(kc, kc);
    current = kc.certificate();
    return current;
  }

  /** Writes a revision whose key belongs to another certificate, as a botched rotation would. */
  public synchronized void rotateToMismatchedPair() throws IOException {
    write(TestCertificates.issue(ca, pkcs1Rsa), TestCertificates.issue(ca, pkcs1Rsa));
  }

  private void write(KeyAndCertificate certOf, KeyAndCertificate keyOf) throws IOException {
    Path revisionDir = Files.createDirectory(root.resolve("..rev" + (++revision)));
    Files.writeString(revisionDir.resolve("tls.crt"), Pem.certificates(certOf.certificate()));
    Files.writeString(revisionDir.resolve("tls.key"), TestCertificates.keyPem(keyOf, pkcs1Rsa));
    TestCertificates.swapLink(root.resolve("..data"), revisionDir.getFileName());
    for (String f : new String[] {"tls.crt", "tls.key"}) {
      if (!Files.exists(root.resolve(f), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        Files.createSymbolicLink(root.resolve(f), Path.of("..data", f));
      }
    }
  }
}
