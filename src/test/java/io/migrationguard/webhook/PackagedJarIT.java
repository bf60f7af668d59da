package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The README run command, for real: {@code java -jar target/quarkus-app/quarkus-run.jar} with no
 * certificate configured comes up on HTTPS, logs where its CA bundle is, answers a review verified
 * against that CA, and on SIGTERM finishes the review in flight before it exits.
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
    ProcessBuilder builder =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                "target/quarkus-app/quarkus-run.jar")
            .redirectErrorStream(true);
    // The port through the environment, as an operator sets it; nothing else configured.
    builder.environment().put("MIGRATION_GUARD_PORT", Integer.toString(port));
    builder.environment().keySet().removeIf(k -> k.startsWith("MIGRATION_GUARD_TLS"));
    process = builder.start();
    collect(process.getInputStream());
    X509Certificate ca = awaitCa();
    assertNotNull(ca, "the CA bundle path is logged: " + output);
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

  private X509Certificate awaitCa() throws Exception {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    while (System.currentTimeMillis() < deadline && process.isAlive()) {
      for (String line : output) {
        Matcher m = CA.matcher(line);
        if (m.find()) {
          byte[] pem = Files.readAllBytes(Path.of(m.group(1)));
          return (X509Certificate)
              CertificateFactory.getInstance("X.509")
                  .generateCertificate(new java.io.ByteArrayInputStream(pem));
        }
      }
      Thread.sleep(50);
    }
    return null;
  }

  private void awaitReview(int port, X509Certificate ca, String review) throws Exception {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    java.net.URL base = new java.net.URL("https://localhost:" + port + "/");
    while (true) {
      try {
        int code =
            Https.given(base, ca)
                .contentType("application/json")
                .body(review)
                .post("/validate")
                .statusCode();
        if (code == 200) {
          return;
        }
      } catch (Exception notYet) {
        if (System.currentTimeMillis() > deadline || !process.isAlive()) {
          throw new AssertionError("no review answered; output: " + output, notYet);
        }
      }
      Thread.sleep(20);
    }
  }
}
