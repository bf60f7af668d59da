package io.migrationguard.webhook;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.migrationguard.cluster.InflightRegistry;
import io.migrationguard.cluster.ReleaseEngines;
import io.migrationguard.cluster.ReviewGate;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.webhook.http.HttpReply;
import io.migrationguard.webhook.review.AdmissionReviews;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The whole answer to one AdmissionReview body without HTTP and TLS: parse, dispatch, engine (with
 * no cluster, as {@code bench/webhook.sh} runs the service), metrics, the review log line (level
 * off: the log cost is I/O, measured by the load benchmark) and the response bytes. Each case next
 * to the floor of its size says what the engine adds to a request in-process. Run by {@code
 * bench/engine.sh} with {@code FILTER=HandlerBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HandlerBench {
  @Param({
    "floor-other-kind.json",
    "vmim-create.json",
    "policy-create.json",
    "floor-other-kind-update.json",
    "vmim-update.json"
  })
  public String payload;

  private AdmissionHandler handler;
  private byte[] body;
  private java.util.logging.Logger reviewLogger;

  @Setup
  public void setup() throws IOException {
    // Before any JBoss Logger exists: log through java.util.logging, whose level is set below.
    System.setProperty("org.jboss.logging.provider", "jdk");
    Path payloads = Path.of(System.getProperty("payloads", "bench/payloads"));
    body = Files.readAllBytes(payloads.resolve(payload));
    handler = new AdmissionHandler();
    handler.engines = ReleaseEngines.fixed(Engine.standard(Settings.defaults()));
    handler.gate =
        new ReviewGate(
            ClusterView::none, new InflightRegistry(Duration.ofSeconds(10)), Duration.ofSeconds(2));
    handler.reviews = new AdmissionReviews();
    handler.metrics = new AdmissionMetrics();
    handler.metrics.registry = new SimpleMeterRegistry();
    handler.reviewLog = new ReviewLog();
    // Keep a reference: JUL holds loggers weakly, and a collected one would forget its level.
    reviewLogger = java.util.logging.Logger.getLogger(ReviewLog.CATEGORY);
    reviewLogger.setLevel(java.util.logging.Level.OFF);
  }

  @Benchmark
  public HttpReply validate() {
    return handler.handle(Webhook.VALIDATE, body);
  }

  /** The same body at {@code /mutate}: the defaulting patch, base64 in the response. */
  @Benchmark
  public HttpReply mutate() {
    return handler.handle(Webhook.MUTATE, body);
  }
}
