package io.migrationguard.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The fault harness's load generator (bench/fault.sh): N threads, each on its own keep-alive HTTPS
 * connection, cycling through AdmissionReview payloads (validate and mutate), checking that every
 * answer is a well-formed AdmissionReview with the request's uid. Time is split into windows with
 * separate latency quantiles and the server's RSS at each window's end. Optionally sends SIGTERM to
 * the server mid-run and classifies failures before and after the signal.
 *
 * <p>Usage: {@code LoadClient --url https://127.0.0.1:PORT --ca ca.crt --conns 64 --seconds 60
 * --windows 3 --pid PID [--sigterm-after-ms 3000] PAYLOAD:PATH...}
 */
public final class LoadClient {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private LoadClient() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> opt = new HashMap<>();
    List<String[]> targets = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].startsWith("--")) {
        opt.put(args[i].substring(2), args[++i]);
      } else {
        targets.add(args[i].split(":", 2));
      }
    }
    int conns = Integer.parseInt(opt.getOrDefault("conns", "64"));
    int seconds = Integer.parseInt(opt.getOrDefault("seconds", "60"));
    int windows = Integer.parseInt(opt.getOrDefault("windows", "3"));
    long pid = Long.parseLong(opt.getOrDefault("pid", "0"));
    long sigtermAfter = Long.parseLong(opt.getOrDefault("sigterm-after-ms", "-1"));
    List<Target> payloads = new ArrayList<>();
    for (String[] t : targets) {
      String body = Files.readString(Path.of(t[0]));
      String uid = MAPPER.readTree(body).at("/request/uid").asText();
      payloads.add(new Target(URI.create(opt.get("url") + t[1]), body, uid));
    }
    SSLContext ssl = trusting(Path.of(opt.get("ca")));
    long windowNanos = seconds * 1_000_000_000L / windows;
    LoadStats[] stats = new LoadStats[windows];
    for (int w = 0; w < windows; w++) {
      stats[w] = new LoadStats(2_000_000);
    }
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    long signalAt = sigtermAfter < 0 ? Long.MAX_VALUE : start + sigtermAfter * 1_000_000L;
    CountDownLatch done = new CountDownLatch(conns);
    for (int c = 0; c < conns; c++) {
      int offset = c;
      Thread t =
          new Thread(
              () -> {
                HttpClient client =
                    HttpClient.newBuilder()
                        .sslContext(ssl)
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5))
                        .build();
                int i = offset;
                while (System.nanoTime() < end) {
                  Target target = payloads.get(i++ % payloads.size());
                  long t0 = System.nanoTime();
                  int w = (int) Math.min(windows - 1, (t0 - start) / windowNanos);
                  one(client, target, stats[w], t0, signalAt);
                }
                done.countDown();
              });
      t.setDaemon(true);
      t.start();
    }
    Thread sampler = rssSampler(pid, stats, start, windowNanos, signalAt);
    sampler.start();
    long exitMs = -1;
    if (sigtermAfter >= 0 && pid > 0) {
      Thread.sleep(sigtermAfter);
      ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
      long t0 = System.nanoTime();
      server.destroy(); // SIGTERM
      server.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
      exitMs = (System.nanoTime() - t0) / 1_000_000;
    }
    done.await();
    sampler.interrupt();
    StringBuilder json = new StringBuilder("{\"windows\":[");
    for (int w = 0; w < windows; w++) {
      String line = stats[w].json("w" + (w + 1), seconds / (double) windows);
      System.out.println(line);
      json.append(w > 0 ? "," : "").append(line);
    }
    json.append("],\"exit_after_sigterm_ms\":").append(exitMs).append('}');
    System.out.println("RESULT " + json);
  }

  private record Target(URI uri, String body, String uid) {}

  private static void one(
      HttpClient client, Target target, LoadStats stats, long t0, long signalAt) {
    HttpRequest req =
        HttpRequest.newBuilder(target.uri())
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(target.body()))
            .build();
    try {
      HttpResponse<String> resp = client.send(req, HttpResponse.BodyHandlers.ofString());
      stats.latency((System.nanoTime() - t0) / 1000);
      if (resp.statusCode() / 100 != 2) {
        stats.non2xx.increment();
        if (resp.statusCode() >= 500) {
          stats.status5xx.increment();
        }
        return;
      }
      JsonNode answer = MAPPER.readTree(resp.body());
      boolean wellFormed =
          "AdmissionReview".equals(answer.path("kind").asText())
              && target.uid().equals(answer.at("/response/uid").asText())
              && answer.at("/response/allowed").isBoolean();
      if (wellFormed) {
        stats.ok.increment();
      } else {
        stats.malformed.increment();
      }
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      stats.socketErrors.increment();
      if (t0 < signalAt) {
        stats.failedBeforeSignal.increment();
      } else {
        stats.refusedAfterSignal.increment();
        sleepQuietly();
      }
    }
  }

  private static Thread rssSampler(
      long pid, LoadStats[] stats, long start, long windowNanos, long signalAt) {
    Thread t =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                long now = System.nanoTime();
                int w = (int) Math.min(stats.length - 1, (now - start) / windowNanos);
                if (pid > 0 && now < signalAt) {
                  stats[w].rssKb = rss(pid);
                }
                sleepQuietly();
              }
            });
    t.setDaemon(true);
    return t;
  }

  private static long rss(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (Exception e) {
      return 0;
    }
    return 0;
  }

  private static void sleepQuietly() {
    try {
      Thread.sleep(200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static SSLContext trusting(Path ca) throws Exception {
    KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
    ks.load(null, null);
    try (InputStream in = new FileInputStream(ca.toFile())) {
      int i = 0;
      for (var cert : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        ks.setCertificateEntry("ca" + i++, cert);
      }
    }
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(ks);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(null, tmf.getTrustManagers(), null);
    return ctx;
  }
}
