package io.migrationguard.webhook.support;

import io.migrationguard.webhook.tls.CertificateAuthority;
import io.migrationguard.webhook.tls.KeyAndCertificate;
import io.migrationguard.webhook.tls.Pem;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A test CA and serving certificate laid out as Kubernetes mounts a Secret: {@code tls.crt} and
 * {@code tls.key} are symlinks through {@code ..data} to a timestamped directory, so a rotation is
 * one atomic symlink swap ({@link TlsDir#rotate}). Init arg {@code key=pkcs1-rsa} writes an RSA key
 * in PKCS#1 form ({@code BEGIN RSA PRIVATE KEY}); the default is EC in PKCS#8. The directory is
 * injected into fields annotated {@link InjectTlsDir}.
 */
public class TestCertificates implements QuarkusTestResourceLifecycleManager {
  private TlsDir dir;
  private boolean pkcs1Rsa;

  @Override
  public void init(Map<String, String> initArgs) {
    pkcs1Rsa = "pkcs1-rsa".equals(initArgs.get("key"));
  }

  @Override
  public Map<String, String> start() {
    try {
      Path root = Files.createTempDirectory("mg-test-tls-");
      CertificateAuthority ca = CertificateAuthority.create("test CA", Duration.ofDays(2));
      dir = new TlsDir(root, ca, pkcs1Rsa);
      dir.rotate();
      return Map.of(
          "migration-guard.tls.cert", root.resolve("tls.crt").toString(),
          "migration-guard.tls.key", root.resolve("tls.key").toString(),
          // Fast reloads keep the rotation test short.
          "migration-guard.tls.reload-period", "1s");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void inject(TestInjector injector) {
    injector.injectIntoFields(
        dir, new TestInjector.AnnotatedAndMatchesType(InjectTlsDir.class, TlsDir.class));
  }

  @Override
  public void stop() {}

  /** Issues a fresh serving certificate (same CA) and writes it as a new Secret revision. */
  static KeyAndCertificate issue(CertificateAuthority ca, boolean rsa) {
    try {
      KeyPairGenerator gen = KeyPairGenerator.getInstance(rsa ? "RSA" : "EC");
      gen.initialize(rsa ? 2048 : 256);
      KeyPair keys = gen.generateKeyPair();
      return ca.issue(
          "localhost",
          List.of("localhost"),
          List.of(InetAddress.getByName("127.0.0.1")),
          Duration.ofDays(1),
          keys);
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static String keyPem(KeyAndCertificate kc, boolean pkcs1) {
    return pkcs1
        ? Pem.block("RSA PRIVATE KEY", Pkcs1.fromPkcs8(kc.key().getEncoded()))
        : Pem.privateKey(kc.key());
  }

  static void swapLink(Path link, Path target) throws IOException {
    Path tmp = link.resolveSibling(link.getFileName() + ".tmp");
    Files.deleteIfExists(tmp);
    Files.createSymbolicLink(tmp, target);
    Files.move(tmp, link, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }
}
