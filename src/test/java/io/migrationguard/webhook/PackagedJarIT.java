package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.testing.Await;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.Reviews;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The README run command, for real: {@code java -jar target/quarkus-app/quarkus-run.jar} with no
 * certificate configured comes up on HTTPS, logs where its CA bundle is, answers a review verified
 * against that CA, and on SIGTERM finishes the review in flight before it exits. The generated key
 * is never written: beside the CA bundle there is no other file, and a {@code kill -9} leaves no
 * key behind.
 */
class PackagedJarIT {
  private static final Pattern CA = Pattern.compile("CA bundle: (\\S+)");
  private static final long START_TIMEOUT_MS = 120_000;

  private Process process;
  private final List<String> output = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() throws InterruptedException {
    if (process != null && process.isAlive()) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void startsWithNoSetUpAndFinishesInFlightReviewsOnSigterm() throws Exception {
    int port = freePort();
    long t0 = System.nanoTime();
    start(port);
    X509Certificate ca = read(awaitCaPath());
    String review = Reviews.vmimCreate("u-jar", "{\"vmiName\":\"vmi\"}", "alice").toString();
    awaitReview(port, ca, review);
    long startupMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    System.out.println("packaged jar: first successful review " + startupMs + " ms after start");

    byte[] body = review.getBytes(StandardCharsets.UTF_8);
    try (SSLSocket socket = (SSLSocket) Https.socketFactory(ca).createSocket("localhost", port)) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                  + "Content-Length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(body, 0, 10);
      out.flush();
      // The stimulus: SIGTERM half a second into the review, the rest of it a second later.
      Thread.sleep(500);
      process.destroy(); // SIGTERM, with the review still arriving
      Thread.sleep(1_000);
      out.write(body, 10, body.length - 10);
      out.flush();
      String response =
          new String(socket.getInputStream().readNBytes(4096), StandardCharsets.UTF_8);
      assertTrue(response.startsWith("HTTP/1.1 200"), response);
      assertTrue(response.contains("\"uid\":\"u-jar\""), response);
    }
    assertTrue(process.waitFor(30, TimeUnit.SECONDS), "exits after SIGTERM");
  }

  @Test
  void theGeneratedKeyIsNeverWrittenNotEvenForAKill9() throws Exception {
    int port = freePort();
    start(port);
    Path caFile = awaitCaPath();
    Path dir = caFile.getParent();
    try {
      String review = Reviews.vmimCreate("u-key", "{\"vmiName\":\"vmi\"}", "alice").toString();
      awaitReview(port, read(caFile), review); // serving: the key is in use
      assertEquals(List.of(caFile), files(dir), "only the CA bundle beside it while it runs");

      process.destroyForcibly(); // SIGKILL: no shutdown hook, no deleteOnExit
      assertTrue(process.waitFor(30, TimeUnit.SECONDS), "killed");
      for (Path f : files(dir)) {
        assertEquals(caFile, f, "nothing but the CA bundle is left");
        String text = Files.readString(f, StandardCharsets.US_ASCII);
        assertFalse(text.contains("PRIVATE KEY"), f + " holds a key");
      }
    } finally {
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      delete(dir); // what a kill -9 leaves behind
    }
  }

  /**
   * Started as the image starts it, from its directory with the class-data archive the package step
   * trained ({@code -Xshare:on}: no start at all if the archive does not fit the jar), the service
   * answers a review having loaded nearly every class from the archive. Fast-jar's own class loader
   * kept a fifth of them out (docs/performance.md); a packaging or training change that does so
   * again fails here. Lookups off, as in the training run.
   */
  @Test
  void startsFromTheClassDataArchiveThePackageStepTrained() throws Exception {
    Path classLog = Files.createTempFile("class-load", ".log");
    Path caDir = null;
    try {
      int port = freePort();
      start(
          port,
          Path.of("target", "quarkus-app"),
          "quarkus-run.jar",
          "-XX:SharedArchiveFile=app-cds.jsa",
          "-Xshare:on",
          "-Dmigration-guard.cluster=off",
          "-Xlog:class+load=info:file=" + classLog);
      String review = Reviews.vmimCreate("u-cds", "{\"vmiName\":\"vmi\"}", "alice").toString();
      Path ca = awaitCaPath();
      caDir = ca.getParent();
      awaitReview(port, read(ca), review);
      List<String> loaded = Files.readAllLines(classLog);
      long shared = loaded.stream().filter(l -> l.contains("source: shared objects file")).count();
      assertTrue(loaded.size() > 5_000, "classes loaded: " + loaded.size());
      assertTrue(
          shared >= loaded.size() * 0.95,
          shared + " of " + loaded.size() + " classes from the archive");
    } finally {
      Files.deleteIfExists(classLog);
      if (caDir != null) {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        delete(caDir);
      }
    }
  }

  private void start(int port) throws IOException {
    start(port, Path.of(""), "target/quarkus-app/quarkus-run.jar");
  }

  /**
   * Starts the jar with only the port set (through the environment, as an operator does), from
   * {@code dir}, with {@code jvmOptions}.
   */
  private void start(int port, Path dir, String jar, String... jvmOptions) throws IOException {
    List<String> command =
        new java.util.ArrayList<>(
            List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(List.of(jvmOptions));
    command.addAll(List.of("-jar", jar));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(dir.toAbsolutePath().toFile())
            .redirectErrorStream(true);
    builder.environment().put("MIGRATION_GUARD_PORT", Integer.toString(port));
    builder.environment().keySet().removeIf(k -> k.startsWith("MIGRATION_GUARD_TLS"));
    process = builder.start();
    collect(process.getInputStream());
  }

  /** Every file under {@code dir}, at any depth (none when it is gone). */
  private static List<Path> files(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(p -> !p.equals(dir)).toList();
    }
  }

  private static void delete(Path dir) throws IOException {
    List<Path> deepestFirst = new java.util.ArrayList<>(files(dir));
    java.util.Collections.reverse(deepestFirst);
    deepestFirst.add(dir);
    for (Path p : deepestFirst) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        // best effort: the assertions above say what was wrong
      }
    }
  }

  private int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private void collect(InputStream in) {
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                  output.add(line);
                }
              } catch (IOException e) {
                // process gone
              }
            });
    t.setDaemon(true);
    t.start();
  }

  /** The CA bundle path the start-up log gives. */
  private Path awaitCaPath() {
    String logged =
        Await.until(
                Duration.ofMillis(START_TIMEOUT_MS),
                () -> {
                  if (!process.isAlive()) {
                    throw new AssertionError("exited before logging its CA bundle: " + output);
                  }
                  return output.stream().map(CA::matcher).filter(Matcher::find).findFirst();
                },
                Optional::isPresent,
                "the CA bundle path logged")
            .orElseThrow()
            .group(1);
    return Path.of(logged);
  }

  private static X509Certificate read(Path pem) throws Exception {
    return (X509Certificate)
        CertificateFactory.getInstance("X.509")
            .generateCertificate(new java.io.ByteArrayInputStream(Files.readAllBytes(pem)));
  }

  private void awaitReview(int port, X509Certificate ca, String review) throws Exception {
    java.net.URL base = new java.net.URL("https://localhost:" + port + "/");
    Await.until(
        Duration.ofMillis(START_TIMEOUT_MS),
        () -> {
          if (!process.isAlive()) {
            throw new AssertionError("exited before answering a review; output: " + output);
          }
          // Until the server listens, the connection is refused: an exception, "not yet".
          return Https.given(base, ca)
              .contentType("application/json")
              .body(review)
              .post("/validate")
              .statusCode();
        },
        code -> code == 200,
        "a review answered 200");
  }
}
