package io.migrationguard.webhook.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Keys as the tools of the field write them, made by openssl itself: every form loads into a pair
 * that {@link PairCheck} accepts, and the errors say what is wrong without naming Java classes.
 */
class PemFilesTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    // label of the key block, openssl command writing the key to key.pem
    "PRIVATE KEY (EC),openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out key.pem",
    "EC PRIVATE KEY (SEC1 with curve),openssl ecparam -name prime256v1 -genkey -out key.pem",
    "EC PRIVATE KEY (SEC1 P-384 no params),openssl ecparam -name secp384r1 -genkey -noout -out ec.pem"
        + " && openssl ec -in ec.pem -no_public -out key.pem",
    "RSA PRIVATE KEY (PKCS#1),openssl genrsa -traditional -out key.pem 2048",
    "PRIVATE KEY (RSA),openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out key.pem",
    "PRIVATE KEY (Ed25519),openssl genpkey -algorithm ED25519 -out key.pem"
  })
  void everyKeyFormLoadsAsAGoodPair(String form, String keyCommand) throws Exception {
    requireOpenssl();
    sh(keyCommand);
    sh("openssl req -x509 -key key.pem -subj /CN=localhost -days 2 -out cert.pem");
    Identity.Loaded loaded = load();
    assertNull(loaded.problem(), form);
    assertEquals(
        loaded.identity().certificate().getPublicKey().getAlgorithm(),
        loaded.identity().key().getAlgorithm(),
        form);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "encrypted key,openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -aes256"
        + " -pass pass:x -out key.pem,encrypted",
    "no key block,echo not a key > key.pem,no PRIVATE KEY",
  })
  void badKeysAreRefusedWithAReason(String what, String keyCommand, String reason)
      throws Exception {
    requireOpenssl();
    sh("openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out good.pem");
    sh("openssl req -x509 -key good.pem -subj /CN=localhost -days 2 -out cert.pem");
    sh(keyCommand);
    Identity.Loaded loaded = load();
    assertNull(loaded.identity(), what);
    assertTrue(loaded.problem().contains(reason), what + ": " + loaded.problem());
    assertTrue(!loaded.problem().contains("Exception"), loaded.problem());
  }

  private Identity.Loaded load() {
    return Identity.load(
        dir.resolve("cert.pem").toString(), dir.resolve("key.pem").toString(), "test");
  }

  private static void requireOpenssl() {
    boolean available;
    try {
      available = new ProcessBuilder("openssl", "version").start().waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      available = false;
    }
    Assumptions.assumeTrue(available, "openssl is not installed");
  }

  private void sh(String command) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("sh", "-c", command));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), command);
    String out = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.exitValue(), command + ": " + out);
    assertTrue(Files.exists(dir.resolve("key.pem")) || !command.contains("key.pem"), command);
  }
}
