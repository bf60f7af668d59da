package io.migrationguard.webhook.tls;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;

/**
 * The identity of a service started with no certificate configured: a throw-away CA and a serving
 * certificate it signs for {@code localhost} and {@code 127.0.0.1}, made in memory and served from
 * memory. No private key is ever written (the CA's is dropped once the certificate is signed); the
 * only file is {@code ca.crt}, the CA certificate clients need ({@code curl --cacert}), in a new
 * private directory (0700) deleted at a normal exit. A {@code kill -9} leaves that directory and
 * its public certificate behind, and nothing else.
 *
 * @param identity the serving key and certificate
 * @param ca the CA certificate that signed it
 * @param caFile where {@code ca} is written (PEM)
 */
public record SelfSignedTls(Identity identity, X509Certificate ca, Path caFile) {
  private static final Duration CA_VALIDITY = Duration.ofDays(5 * 365);
  private static final Duration SERVING_VALIDITY = Duration.ofDays(365);

  /** Makes the CA and serving certificate and writes {@code ca.crt}. */
  public static SelfSignedTls create() {
    try {
      CertificateAuthority ca = CertificateAuthority.create("migration-guard CA", CA_VALIDITY);
      KeyAndCertificate serving =
          ca.issue(
              "localhost",
              List.of("localhost"),
              List.of(InetAddress.getByName("127.0.0.1")),
              SERVING_VALIDITY);
      Path dir =
          Files.createTempDirectory(
              "migration-guard-tls-",
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      dir.toFile().deleteOnExit();
      Path caFile = dir.resolve("ca.crt");
      caFile.toFile().deleteOnExit(); // registered after the directory: deleted before it
      Files.writeString(caFile, Pem.certificates(ca.certificate()), StandardCharsets.US_ASCII);
      Identity identity =
          new Identity("generated", serving.key(), new X509Certificate[] {serving.certificate()});
      return new SelfSignedTls(identity, ca.certificate(), caFile);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the generated CA certificate", e);
    }
  }
}
