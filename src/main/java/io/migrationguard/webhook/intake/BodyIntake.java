package io.migrationguard.webhook.intake;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.migrationguard.webhook.http.HttpErrors;
import io.migrationguard.webhook.review.AdmissionReviews;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads every request body on the event loop, without blocking a thread, under one {@link
 * BodyBudget} for the whole process; the handlers behind it get the complete body from {@link
 * #body(RoutingContext)}.
 *
 * <p>Why: the REST layer buffers 10 KiB of a body on the event loop and reads the rest with a
 * blocking read on a worker thread, so bodies that stall after 10 KiB pinned the shared worker
 * pool, and the readiness checks queued behind them (2.9 s measured, over the kubelet's 2 s probe
 * timeout). Here a stalled body holds only the bytes it sent and the connection it came on, until
 * {@code ConnectionGuard}'s deadline closes it.
 *
 * <p>Bounds: a body over {@link AdmissionReviews#MAX_BODY_BYTES} is answered 413 whether or not it
 * declared its length; a body that would take the budget past its capacity ({@code
 * migration-guard.body-budget}) is answered 503 with {@code Retry-After} and its connection closed
 * (HTTP/2: its stream reset), before it costs more memory; so is a body growing past 64 KiB while
 * the heap is nearly full of live data ({@link HeapPressure}). While a body is being joined its
 * bytes exist twice for a moment: the budget counts them once, the memory budget in
 * docs/reliability.md twice.
 */
@ApplicationScoped
public class BodyIntake {
  // After Quarkus' upload limit (-2), which refuses a declared length over the limit unread.
  private static final int ORDER = -1;
  private static final String BODY = "migration-guard.body";
  private static final byte[] EMPTY = new byte[0];
  // Bodies up to this size are read even when the heap is under pressure: reviews of both kinds
  // are a few KiB, and KubeVirt's own evacuations must keep flowing.
  static final int SMALL = 64 * 1024;

  @Inject AdmissionReviews reviews;
  @Inject MeterRegistry registry;

  @ConfigProperty(name = "migration-guard.body-budget", defaultValue = "32M")
  MemorySize budgetSetting;

  private BodyBudget budget;
  private final HeapPressure heap = HeapPressure.ofThisJvm();
  private final AtomicLong refused = new AtomicLong();

  void install(@Observes Router router) {
    long capacity = budgetSetting.asLongValue();
    if (capacity < AdmissionReviews.MAX_BODY_BYTES) {
      throw new IllegalArgumentException(
          "migration-guard.body-budget must be at least 3M (one largest body), got "
              + budgetSetting.asLongValue()
              + " bytes");
    }
    budget = new BodyBudget(capacity);
    Gauge.builder("migration.guard.body.bytes", budget, BodyBudget::used)
        .description("Bytes of request bodies held in memory now (bounded by the body budget)")
        .baseUnit("bytes")
        .strongReference(true)
        .register(registry);
    FunctionCounter.builder("migration.guard.body.budget.refused", refused, AtomicLong::get)
        .description("Requests answered 503 because the body budget was full")
        .register(registry);
    router.route().order(ORDER).handler(this::read);
  }

  /** The request's whole body (empty when it had none); only after this handler ran. */
  public static byte[] body(RoutingContext ctx) {
    byte[] body = ctx.get(BODY);
    return body == null ? EMPTY : body;
  }

  private void read(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    if (request.isEnded() || !mayHaveBody(request)) {
      ctx.next();
      return;
    }
    if ("100-continue".equalsIgnoreCase(request.getHeader("Expect"))
        && request.version() != HttpVersion.HTTP_1_0) {
      ctx.response().writeContinue();
    }
    Reading reading = new Reading(ctx);
    ctx.addEndHandler(done -> reading.release());
    request.handler(reading::chunk).endHandler(v -> reading.end()).resume();
  }

  // A body needs a declared length or chunked transfer; HTTP/2 streams carry one in DATA frames.
  private static boolean mayHaveBody(HttpServerRequest request) {
    return request.version() == HttpVersion.HTTP_2
        || request.headers().contains("Content-Length")
        || request.headers().contains("Transfer-Encoding");
  }

  /**
   * One body being read: its chunks, the bytes it holds from the budget, whether it was refused.
   */
  private final class Reading {
    private final RoutingContext ctx;
    private final List<Buffer> chunks = new ArrayList<>();
    private long held;
    private boolean stopped;

    Reading(RoutingContext ctx) {
      this.ctx = ctx;
    }

    void chunk(Buffer data) {
      if (stopped) {
        return;
      }
      int n = data.length();
      if (held + n > AdmissionReviews.MAX_BODY_BYTES) {
        refuse(413, "RequestEntityTooLarge", HttpErrors.TOO_LARGE);
        return;
      }
      if (!budget.take(n)) {
        refused.incrementAndGet();
        refuse(
            503,
            "ServiceUnavailable",
            "the webhook holds as many request bodies as its memory budget allows; retry");
        return;
      }
      if (held <= SMALL && held + n > SMALL && heap.high()) {
        budget.give(n);
        refused.incrementAndGet();
        refuse(
            503,
            "ServiceUnavailable",
            "the webhook is short of memory for a body this large; retry");
        return;
      }
      held += n;
      chunks.add(data);
    }

    void end() {
      if (stopped) {
        return;
      }
      byte[] body = new byte[(int) held];
      int at = 0;
      for (Buffer c : chunks) {
        c.getBytes(body, at);
        at += c.length();
      }
      chunks.clear();
      ctx.put(BODY, body);
      ctx.next();
    }

    // Answers at once and drops the connection (HTTP/1.1) or the stream (HTTP/2): the rest of
    // the body is never read.
    private void refuse(int code, String reason, String message) {
      stopped = true;
      chunks.clear();
      release();
      boolean http2 = ctx.request().version() == HttpVersion.HTTP_2;
      if (!ctx.response().headWritten()) {
        if (!http2) {
          ctx.response().putHeader("Connection", "close");
        }
        if (code == 503) {
          ctx.response().putHeader("Retry-After", "1");
        }
        ctx.response()
            .setStatusCode(code)
            .putHeader("Content-Type", "application/json")
            .end(Buffer.buffer(reviews.status(code, reason, message)));
      }
      if (http2) {
        ctx.response().reset();
      } else {
        ctx.request().connection().close();
      }
    }

    void release() {
      if (held > 0) {
        budget.give(held);
        held = 0;
      }
    }
  }
}
