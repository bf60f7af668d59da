package io.migrationguard.webhook.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.webhook.support.CapturedLog;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.RawHttp;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.migrationguard.webhook.tls.Pem;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.PemTrustOptions;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * HTTP/2 rapid reset (CVE-2023-44487) without a client CA: a client that opens streams and resets
 * them at once has its connection closed (GOAWAY) once it passes the cap on resets per window
 * ({@code quarkus.http.limits.rst-flood-max-rst-frame-per-window}), and the kubelet's probes, each
 * on a new connection as the kubelet sends them, keep answering meanwhile.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class RapidResetTest {
  private static final long FLOOD_MS = 4_000;
  private static final int STREAMS = 32; // the server's max-concurrent-streams
  // The kubelet's probe timeout: a generous bound on a loaded 2-core box.
  private static final long PROBE_TIMEOUT_MS = 2_000;

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @ConfigProperty(name = "quarkus.http.limits.rst-flood-max-rst-frame-per-window")
  int cap;

  @Test
  void aResetFloodIsCutOffAndTheProbesAnswerMeanwhile() throws Exception {
    probe(500); // warm up the client's TLS and the probes' paths
    List<Long> quiet = probe(2_000);
    Vertx vertx = Vertx.vertx();
    try (CapturedLog log = new CapturedLog()) {
      Flood flood = new Flood(vertx);
      List<Long> flooded = probe(FLOOD_MS);
      flood.stop();
      assertEquals(List.of(), log.withStackTraces(), "no stack trace in the log");
      System.out.printf(
          "rapid reset: %d resets over %d connections, %d closed by the server (GOAWAY %d);"
              + " most resets written on one connection %d (cap %d); probes quiet median %d ms"
              + " worst %d ms, flooded median %d ms worst %d ms (ratio median %.2f, worst %.2f)%n",
          flood.resets.get(),
          flood.perConnection.size(),
          flood.closed.get(),
          flood.goAways.get(),
          flood.mostOnOne(),
          cap,
          median(quiet),
          worst(quiet),
          median(flooded),
          worst(flooded),
          median(flooded) / (double) Math.max(1, median(quiet)),
          worst(flooded) / (double) Math.max(1, worst(quiet)));
      assertTrue(flood.resets.get() > cap, "the flood sent more than the cap");
      assertTrue(flood.goAways.get() >= 1, "the server sent GOAWAY to a flooding connection");
      assertTrue(flood.closed.get() >= 1, "the server closed a flooding connection");
      // Without the cap one connection carried every reset of the run; with it, many short ones
      // (the client counts the resets it wrote, more than the server read before closing).
      assertTrue(flood.perConnection.size() > 1, "the flood needed new connections");
      assertTrue(worst(flooded) < PROBE_TIMEOUT_MS, "slowest probe during the flood");
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
    assertEquals(200, probeOnce("/q/health/ready"));
  }

  /** Probes readiness and liveness in turn for {@code ms}; each answer's time, each 200. */
  private List<Long> probe(long ms) throws Exception {
    List<Long> times = new ArrayList<>();
    long end = System.nanoTime() + ms * 1_000_000;
    while (System.nanoTime() < end) {
      for (String path : List.of("/q/health/ready", "/q/health/live")) {
        long t0 = System.nanoTime();
        assertEquals(200, probeOnce(path), path);
        times.add((System.nanoTime() - t0) / 1_000_000);
      }
      Thread.sleep(50); // the stimulus: probes at a steady pace, as a kubelet sends them
    }
    return times;
  }

  private int probeOnce(String path) throws Exception {
    return RawHttp.exchange(
            Https.socketFactory(tls.caCertificate()), base.getPort(), "GET", path, null)
        .status();
  }

  private static long median(List<Long> times) {
    return times.stream().sorted().toList().get(times.size() / 2);
  }

  private static long worst(List<Long> times) {
    return times.stream().mapToLong(Long::longValue).max().orElse(0);
  }

  /** {@link #STREAMS} loops, each: open a stream (HEADERS), reset it (RST_STREAM), again. */
  private final class Flood {
    final AtomicBoolean stopped = new AtomicBoolean();
    final AtomicLong resets = new AtomicLong();
    final AtomicInteger closed = new AtomicInteger();
    final AtomicInteger goAways = new AtomicInteger();
    final Map<HttpConnection, AtomicLong> perConnection = new ConcurrentHashMap<>();
    private final HttpClient client;

    Flood(Vertx vertx) {
      HttpClientOptions options =
          new HttpClientOptions()
              .setProtocolVersion(HttpVersion.HTTP_2)
              .setSsl(true)
              .setUseAlpn(true)
              .setDefaultHost("localhost")
              .setDefaultPort(base.getPort())
              .setTrustOptions(
                  new PemTrustOptions()
                      .addCertValue(Buffer.buffer(Pem.certificates(tls.caCertificate()))));
      client =
          vertx
              .httpClientBuilder()
              .with(options)
              .withConnectHandler(
                  c -> {
                    perConnection.put(c, new AtomicLong());
                    // Called on the server's GOAWAY (this client never shuts a connection down).
                    c.shutdownHandler(v -> goAways.incrementAndGet());
                    c.closeHandler(v -> closed.incrementAndGet());
                  })
              .build();
      for (int i = 0; i < STREAMS; i++) {
        next();
      }
    }

    private void next() {
      if (stopped.get()) {
        return;
      }
      client
          .request(HttpMethod.POST, "/validate")
          .onFailure(e -> next())
          .onSuccess(
              req ->
                  req.sendHead()
                      .onComplete(
                          sent -> {
                            if (sent.succeeded() && req.reset()) {
                              resets.incrementAndGet();
                              AtomicLong mine = perConnection.get(req.connection());
                              if (mine != null) {
                                mine.incrementAndGet();
                              }
                            }
                            next();
                          }));
    }

    long mostOnOne() {
      return perConnection.values().stream().mapToLong(AtomicLong::get).max().orElse(0);
    }

    void stop() {
      stopped.set(true);
    }
  }
}
