package io.migrationguard.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;

/**
 * The load of bench/scale.sh: AdmissionReviews built per request, so that no two collide.
 *
 * <ul>
 *   <li>{@code --case policy}: MigrationPolicy CREATEs whose selectors no other policy has
 *       (answered from the caches);
 *   <li>{@code --case vmim}: migration CREATEs of VMIs the stand-in API server holds ({@code vm-I}
 *       in {@code ns-(I % namespaces)}), each a live VMI GET;
 * </ul>
 *
 * <p>{@code --mode load} (default): {@code --conns} threads, each on its own keep-alive HTTPS
 * connection, for {@code --seconds}, dry-run reviews by default ({@code --dry-run false} to take
 * reservations). {@code --mode burst}: {@code --n} threads, each with a warmed connection, send one
 * migration CREATE each (not dry-run, distinct VMIs) at the same instant, as a node drain does.
 *
 * <p>Prints one line {@code RESULT key=value ...} (rps, p50_ms, p99_ms, max_ms, allowed, denied,
 * unavailable: denied with code 503, non2xx, errors, over_Nms), and the first denial's message on a
 * {@code DENIAL} line.
 */
public final class ScaleLoad {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ScaleLoad() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> opt = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      opt.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    String url = opt.get("url");
    SSLContext ssl = LoadClient.trusting(Path.of(opt.get("ca")));
    String kase = opt.getOrDefault("case", "vmim");
    int vmis = Integer.parseInt(opt.getOrDefault("vmis", "10000"));
    int namespaces = Integer.parseInt(opt.getOrDefault("namespaces", "50"));
    int offset = Integer.parseInt(opt.getOrDefault("offset", "0"));
    boolean dryRun = Boolean.parseBoolean(opt.getOrDefault("dry-run", "true"));
    long timeoutMs = Long.parseLong(opt.getOrDefault("timeout-ms", "10000"));
    Path payloads = Path.of(opt.getOrDefault("payloads", "payloads"));
    ObjectNode vmimTemplate =
        (ObjectNode) JSON.readTree(payloads.resolve("vmim-create.json").toFile());
    ObjectNode policyTemplate =
        (ObjectNode) JSON.readTree(payloads.resolve("policy-create.json").toFile());
    Builder builder =
        n ->
            kase.equals("policy")
                ? policy(policyTemplate, offset + n, dryRun)
                : vmim(vmimTemplate, Math.floorMod(offset + n * 37L, vmis), namespaces, dryRun);
    URI validate = URI.create(url + "/validate");
    Outcome outcome = new Outcome();
    long start;
    double seconds;
    if ("burst".equals(opt.getOrDefault("mode", "load"))) {
      int n = Integer.parseInt(opt.getOrDefault("n", "200"));
      outcome.stats = new LoadStats(n);
      CountDownLatch ready = new CountDownLatch(n);
      CountDownLatch go = new CountDownLatch(1);
      CountDownLatch done = new CountDownLatch(n);
      for (int k = 0; k < n; k++) {
        int index = k;
        Thread t =
            new Thread(
                () -> {
                  HttpClient client = client(ssl);
                  Body body = builder.build(index);
                  warm(client, url);
                  ready.countDown();
                  try {
                    go.await();
                    one(client, validate, body, timeoutMs, outcome);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  } finally {
                    done.countDown();
                  }
                });
        t.setDaemon(true);
        t.start();
      }
      ready.await(60, TimeUnit.SECONDS);
      start = System.nanoTime();
      go.countDown();
      done.await(timeoutMs + 30_000, TimeUnit.MILLISECONDS);
      seconds = (System.nanoTime() - start) / 1e9;
    } else {
      int conns = Integer.parseInt(opt.getOrDefault("conns", "16"));
      long runNanos = (long) (Double.parseDouble(opt.getOrDefault("seconds", "30")) * 1e9);
      outcome.stats = new LoadStats(4_000_000);
      AtomicInteger next = new AtomicInteger();
      CountDownLatch done = new CountDownLatch(conns);
      start = System.nanoTime();
      long end = start + runNanos;
      for (int c = 0; c < conns; c++) {
        Thread t =
            new Thread(
                () -> {
                  HttpClient client = client(ssl);
                  while (System.nanoTime() < end) {
                    one(
                        client,
                        validate,
                        builder.build(next.getAndIncrement()),
                        timeoutMs,
                        outcome);
                  }
                  done.countDown();
                });
        t.setDaemon(true);
        t.start();
      }
      done.await(runNanos / 1_000_000 + timeoutMs + 30_000, TimeUnit.MILLISECONDS);
      seconds = runNanos / 1e9;
    }
    LoadStats s = outcome.stats;
    long within = Long.parseLong(opt.getOrDefault("within-ms", "3000"));
    System.out.printf(
        Locale.ROOT,
        "RESULT case=%s requests=%d rps=%.1f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f allowed=%d"
            + " denied=%d unavailable=%d non2xx=%d errors=%d malformed=%d over_%dms=%d%n",
        kase,
        s.count(),
        s.count() / seconds,
        s.quantileMs(0.50),
        s.quantileMs(0.99),
        s.quantileMs(1.0),
        outcome.allowed.get(),
        outcome.denied.get(),
        outcome.unavailable.get(),
        s.non2xx.sum(),
        s.socketErrors.sum(),
        s.malformed.sum(),
        within,
        outcome.over(within));
    if (outcome.firstDenial.get() != null) {
      System.out.println("DENIAL " + outcome.firstDenial.get());
    }
    System.exit(0);
  }

  private interface Builder {
    Body build(int n);
  }

  private record Body(String json, String uid) {}

  private static final class Outcome {
    LoadStats stats;
    final AtomicInteger allowed = new AtomicInteger();
    final AtomicInteger denied = new AtomicInteger();
    final AtomicInteger unavailable = new AtomicInteger();
    final AtomicReference<String> firstDenial = new AtomicReference<>();
    final java.util.concurrent.ConcurrentLinkedQueue<Long> slowMicros =
        new java.util.concurrent.ConcurrentLinkedQueue<>();

    long over(long ms) {
      return slowMicros.stream().filter(us -> us > ms * 1000).count();
    }
  }

  private static HttpClient client(SSLContext ssl) {
    return HttpClient.newBuilder()
        .sslContext(ssl)
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .build();
  }

  /** Opens the connection (TLS handshake included) before the burst, as the API server has. */
  private static void warm(HttpClient client, String url) {
    try {
      client.send(
          HttpRequest.newBuilder(URI.create(url + "/q/health/live"))
              .timeout(Duration.ofSeconds(10))
              .build(),
          HttpResponse.BodyHandlers.discarding());
    } catch (Exception e) {
      // the burst request reports it
    }
  }

  private static void one(HttpClient client, URI uri, Body body, long timeoutMs, Outcome outcome) {
    HttpRequest req =
        HttpRequest.newBuilder(uri)
            .timeout(Duration.ofMillis(timeoutMs))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body.json()))
            .build();
    LoadStats stats = outcome.stats;
    long t0 = System.nanoTime();
    try {
      HttpResponse<String> resp = client.send(req, HttpResponse.BodyHandlers.ofString());
      long micros = (System.nanoTime() - t0) / 1000;
      stats.latency(micros);
      if (micros > 1_000_000) {
        outcome.slowMicros.add(micros);
      }
      if (resp.statusCode() / 100 != 2) {
        stats.non2xx.increment();
        outcome.firstDenial.compareAndSet(null, "HTTP " + resp.statusCode() + " " + resp.body());
        return;
      }
      JsonNode answer = JSON.readTree(resp.body());
      JsonNode r = answer.path("response");
      if (!body.uid().equals(r.path("uid").asText()) || !r.path("allowed").isBoolean()) {
        stats.malformed.increment();
      } else if (r.path("allowed").booleanValue()) {
        outcome.allowed.incrementAndGet();
      } else {
        outcome.denied.incrementAndGet();
        if (r.path("status").path("code").asInt() == 503) {
          outcome.unavailable.incrementAndGet();
        }
        outcome.firstDenial.compareAndSet(
            null,
            r.path("status").path("code").asText()
                + " "
                + r.path("status").path("message").asText());
      }
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      long micros = (System.nanoTime() - t0) / 1000;
      outcome.slowMicros.add(micros);
      stats.socketErrors.increment();
      outcome.firstDenial.compareAndSet(null, "error " + e);
    }
  }

  private static Body vmim(ObjectNode template, long vmi, int namespaces, boolean dryRun) {
    ObjectNode review = template.deepCopy();
    ObjectNode req = (ObjectNode) review.get("request");
    String uid = UUID.randomUUID().toString();
    String ns = "ns-" + (vmi % namespaces);
    String name = "migrate-vm-" + vmi + "-" + uid.substring(0, 5);
    req.put("uid", uid).put("name", name).put("namespace", ns).put("dryRun", dryRun);
    ObjectNode object = (ObjectNode) req.get("object");
    ((ObjectNode) object.get("metadata")).put("name", name).put("namespace", ns).put("uid", uid);
    ((ObjectNode) object.get("spec")).put("vmiName", "vm-" + vmi);
    return new Body(review.toString(), uid);
  }

  private static Body policy(ObjectNode template, int n, boolean dryRun) {
    ObjectNode review = template.deepCopy();
    ObjectNode req = (ObjectNode) review.get("request");
    String uid = UUID.randomUUID().toString();
    String name = "bench-policy-" + n;
    req.put("uid", uid).put("name", name).put("dryRun", dryRun);
    ObjectNode object = (ObjectNode) req.get("object");
    ((ObjectNode) object.get("metadata")).put("name", name);
    ObjectNode selectors = ((ObjectNode) object.get("spec")).putObject("selectors");
    selectors.putObject("namespaceSelector").put("tier", "bench").put("bench-load", "n-" + n);
    selectors.putObject("virtualMachineInstanceSelector").put("workload", "bench-" + n);
    return new Body(review.toString(), uid);
  }
}
