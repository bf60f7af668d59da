package io.migrationguard.webhook.tls;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

/**
 * The three PEM files of a serving identity: certificate chain, private key and the CA bundle
 * clients should trust. {@link #selfSigned()} makes a fresh set for a service started with no
 * certificate configured.
 *
 * @param cert the serving certificate (PEM)
 * @param key its private key (PEM, PKCS#8)
 * @param ca the CA certificate that signed it (PEM), for {@code curl --cacert} or a {@code
 *     caBundle}
 */
public record TlsFiles(Path cert, Path key, Path ca) {
  private static final Duration CA_VALIDITY = Duration.ofDays(5 * 365);
  private static final Duration SERVING_VALIDITY = Duration.ofDays(365);

  /**
   * Creates a CA and a serving certificate for {@code localhost} and {@code 127.0.0.1} in a new
   * private temporary directory (0700, key 0600), removed when the JVM exits.
   */
  public static TlsFiles selfSigned() {
    try {
      Path dir =
          Files.createTempDirectory(
              "migration-guard-tls-", PosixFilePermissions.asFileAttribute(perms("rwx------")));
      dir.toFile().deleteOnExit();
      CertificateAuthority ca = CertificateAuthority.create("migration-guard CA", CA_VALIDITY);
      KeyAndCertificate serving =
          ca.issue(
              "localhost",
              List.of("localhost"),
              List.of(InetAddress.getByName("127.0.0.1")),
              SERVING_VALIDITY);
      TlsFiles files =
          new TlsFiles(dir.resolve("tls.crt"), dir.resolve("tls.key"), dir.resolve("ca.crt"));
      files.write(serving, ca.certificate());
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the self-signed certificate files", e);
    }
  }

  /**
   * Writes {@code serving} and the CA certificate to this set's paths, the key readable only by us.
   */
  public void write(KeyAndCertificate serving, java.security.cert.X509Certificate caCert)
      throws IOException {
    writePrivate(key, Pem.privateKey(serving.key()));
    writePublic(cert, Pem.certificates(serving.certificate()));
    writePublic(ca, Pem.certificates(caCert));
  }

  private static void writePrivate(Path path, String text) throws IOException {
    Files.deleteIfExists(path);
    Files.createFile(path, PosixFilePermissions.asFileAttribute(perms("rw-------")));
    path.toFile().deleteOnExit();
    Files.writeString(path, text, StandardCharsets.US_ASCII);
  }

  private static void writePublic(Path path, String text) throws IOException {
    path.toFile().deleteOnExit();
    Files.writeString(path, text, StandardCharsets.US_ASCII);
  }

  private static java.util.Set<java.nio.file.attribute.PosixFilePermission> perms(String s) {
    return PosixFilePermissions.fromString(s);
  }
}
