package io.migrationguard.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.testing.Await;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Prometheus server (Debian's {@code prometheus} package) as a child process on 127.0.0.1,
 * with its data in a temporary directory, queried through its HTTP API. Close it to stop it
 * (SIGTERM, then a kill after a bounded wait).
 */
final class PrometheusProcess implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process process;
  private final Path log;
  private final int port;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private PrometheusProcess(Process process, Path log, int port) {
    this.process = process;
    this.log = log;
    this.port = port;
  }

  /** Whether the prometheus binary runs here. */
  static boolean available() {
    return Commands.available("prometheus", "--version");
  }

  /** Starts Prometheus with {@code config} (its rule files relative to it) in {@code dir}. */
  static PrometheusProcess start(Path config, Path dir) throws IOException {
    int port = ServiceProcess.freePort();
    Path log = dir.resolve("prometheus.log");
    Process p =
        new ProcessBuilder(
                List.of(
                    "prometheus",
                    "--config.file=" + config.toAbsolutePath(),
                    "--storage.tsdb.path=" + dir.resolve("data").toAbsolutePath(),
                    "--web.listen-address=127.0.0.1:" + port))
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    return new PrometheusProcess(p, log, port);
  }

  /** The {@code data} of {@code GET /api/v1/<path>}, or null while it does not answer. */
  JsonNode api(String path) {
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/" + path))
                  .timeout(Duration.ofSeconds(5))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? JSON.readTree(r.body()).path("data") : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** The result vector of the instant query {@code promql}, or null. */
  JsonNode query(String promql) {
    JsonNode data = api("query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
    return data == null ? null : data.path("result");
  }

  /** Polls {@code check} until it holds, at most {@code timeout}; fails with the log's end. */
  void await(Duration timeout, String what, java.util.function.BooleanSupplier check)
      throws InterruptedException {
    try {
      Await.until(timeout, () -> !process.isAlive() || check.getAsBoolean(), what);
    } catch (AssertionError notYet) {
      throw new AssertionError(notYet.getMessage() + "\n" + logTail(), notYet);
    }
    if (!process.isAlive()) {
      throw new AssertionError("prometheus exited " + process.exitValue() + "\n" + logTail());
    }
  }

  String logTail() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
