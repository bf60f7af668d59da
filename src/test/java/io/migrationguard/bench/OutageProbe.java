package io.migrationguard.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.SSLContext;

/**
 * The load side of bench/outage.sh: keep-alive HTTPS connections cycling through reviews that need
 * the cluster (VMIM and MigrationPolicy creates) and reviews that do not (another kind); at {@code
 * down-at-ms} it creates the control file that stops the stand-in API server ({@link ApiStandIn})
 * and removes it at {@code up-at-ms}. Each answer is classified by phase (before, during, after the
 * outage) and kind; it prints the figures and a final JSON line.
 *
 * <p>Usage: {@code OutageProbe --url https://127.0.0.1:PORT --ca ca.crt --conns 16 --seconds 40
 * --down-at-ms 10000 --up-at-ms 25000 --control FILE NAME:PAYLOAD:PATH...}
 */
public final class OutageProbe {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String[] PHASES = {"before", "during", "after"};

  private record Target(String name, URI uri, String body, String uid) {}

  /** Counters of one (phase, target) pair. */
  private static final class Cell {
    final LongAdder answers = new LongAdder();
    final LongAdder unavailable = new LongAdder(); // allowed=false with status.code 503
    final LongAdder httpErrors = new LongAdder(); // non-200 HTTP status
    final LongAdder socketErrors = new LongAdder();
    final LongAdder malformed = new LongAdder();
    final AtomicLong maxMicros = new AtomicLong();
  }

  private OutageProbe() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> opt = new ConcurrentHashMap<>();
    List<Target> targets = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].startsWith("--")) {
        opt.put(args[i].substring(2), args[++i]);
      } else {
        String[] t = args[i].split(":", 3);
        String body = Files.readString(Path.of(t[1]));
        String uid = MAPPER.readTree(body).at("/request/uid").asText();
        targets.add(new Target(t[0], URI.create(opt.get("url") + t[2]), body, uid));
      }
    }
    int conns = Integer.parseInt(opt.getOrDefault("conns", "16"));
    long seconds = Long.parseLong(opt.getOrDefault("seconds", "40"));
    long downAt = Long.parseLong(opt.get("down-at-ms"));
    long upAt = Long.parseLong(opt.get("up-at-ms"));
    Path control = Path.of(opt.get("control"));
    SSLContext ssl = LoadClient.trusting(Path.of(opt.get("ca")));
    Map<String, Cell> cells = new ConcurrentHashMap<>();
    Set<String> messages = new ConcurrentSkipListSet<>();
    AtomicLong firstRecoveredMs = new AtomicLong(Long.MAX_VALUE);
    AtomicLong last503Ms = new AtomicLong(-1);
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    List<Thread> threads = new ArrayList<>();
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
                for (int i = offset; System.nanoTime() < end; i++) {
                  Target target = targets.get(i % targets.size());
                  long t0 = System.nanoTime();
                  long atMs = (t0 - start) / 1_000_000;
                  int phase = atMs < downAt ? 0 : atMs < upAt ? 1 : 2;
                  Cell cell =
                      cells.computeIfAbsent(PHASES[phase] + "/" + target.name(), k -> new Cell());
                  boolean unavailable = one(client, target, cell, t0, messages);
                  if (phase == 2 && !unavailable && target.name().startsWith("vmim")) {
                    firstRecoveredMs.accumulateAndGet(atMs - upAt, Math::min);
                  }
                  if (phase == 2 && unavailable) {
                    last503Ms.accumulateAndGet(atMs - upAt, Math::max);
                  }
                }
              });
      t.setDaemon(true);
      t.start();
      threads.add(t);
    }
    Thread.sleep(downAt);
    Files.writeString(control, "down");
    System.out.println("stopped the API server at " + downAt + " ms");
    Thread.sleep(upAt - downAt);
    Files.deleteIfExists(control);
    System.out.println("restarted the API server at " + upAt + " ms");
    for (Thread t : threads) {
      t.join(seconds * 1000 + 30_000);
    }
    report(cells, messages, firstRecoveredMs.get(), last503Ms.get());
  }

  /** Sends one review; returns whether it was denied as unavailable (503). */
  private static boolean one(
      HttpClient client, Target target, Cell cell, long t0, Set<String> messages) {
    HttpRequest req =
        HttpRequest.newBuilder(target.uri())
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(target.body()))
            .build();
    try {
      HttpResponse<String> resp = client.send(req, HttpResponse.BodyHandlers.ofString());
      cell.maxMicros.accumulateAndGet((System.nanoTime() - t0) / 1000, Math::max);
      cell.answers.increment();
      if (resp.statusCode() != 200) {
        cell.httpErrors.increment();
        return false;
      }
      JsonNode answer = MAPPER.readTree(resp.body());
      if (!target.uid().equals(answer.at("/response/uid").asText())
          || !answer.at("/response/allowed").isBoolean()) {
        cell.malformed.increment();
        return false;
      }
      if (answer.at("/response/status/code").asInt() == 503) {
        cell.unavailable.increment();
        messages.add(answer.at("/response/status/message").asText());
        return true;
      }
      return false;
    } catch (Exception e) {
      cell.socketErrors.increment();
      return false;
    }
  }

  private static void report(
      Map<String, Cell> cells, Set<String> messages, long recoveredMs, long last503Ms) {
    StringBuilder json = new StringBuilder("{\"cells\":[");
    boolean first = true;
    for (String key : new java.util.TreeSet<>(cells.keySet())) {
      Cell c = cells.get(key);
      String line =
          String.format(
              Locale.ROOT,
              "{\"cell\":\"%s\",\"answers\":%d,\"unavailable_503\":%d,\"http_errors\":%d,"
                  + "\"socket_errors\":%d,\"malformed\":%d,\"max_ms\":%.1f}",
              key,
              c.answers.sum(),
              c.unavailable.sum(),
              c.httpErrors.sum(),
              c.socketErrors.sum(),
              c.malformed.sum(),
              c.maxMicros.get() / 1000.0);
      System.out.println(line);
      json.append(first ? "" : ",").append(line);
      first = false;
    }
    messages.forEach(m -> System.out.println("503 message: " + m));
    json.append("],\"recovered_after_ms\":")
        .append(recoveredMs == Long.MAX_VALUE ? -1 : recoveredMs)
        .append(",\"last_503_after_return_ms\":")
        .append(last503Ms)
        .append(",\"messages_503\":")
        .append(MAPPER.valueToTree(messages).toString())
        .append('}');
    System.out.println("RESULT " + json);
  }
}
