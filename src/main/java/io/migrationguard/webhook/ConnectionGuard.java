package io.migrationguard.webhook;

import io.migrationguard.webhook.review.AdmissionReviews;
import io.quarkus.runtime.configuration.DurationConverter;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What a client that does not play by the rules cannot do to the server, at the connection level,
 * before any review is parsed:
 *
 * <ul>
 *   <li><b>a body that never ends</b>: a request whose body is not complete {@code
 *       migration-guard.body-timeout} after its headers (default 5 s, the webhook's own timeout in
 *       our configuration: after that the API server has given up anyway) is answered 408 and its
 *       connection closed (on HTTP/2 the stream is reset). Bodies are read on the event loop, so a
 *       stalled one holds no thread; this bounds how long it holds memory and a connection. One
 *       byte every 30 s defeats an idle read timeout, not this deadline;
 *   <li><b>answers that are never read</b>: a new request on a connection whose answers already
 *       fill its write queue (a client pipelining requests, or an HTTP/2 stream with a zero window,
 *       that does not read) closes that connection instead of queueing one more answer. What a
 *       connection can hold is then bounded by the concurrent streams ({@code
 *       quarkus.http.limits.max-concurrent-streams}) times one bounded answer (under 64 KiB).
 * </ul>
 */
@ApplicationScoped
public class ConnectionGuard {
  // Before BodyLimit (-3) and Quarkus' own body handling: every request is guarded.
  private static final int ORDER = -4;

  @Inject Vertx vertx;
  @Inject AdmissionReviews reviews;

  @ConfigProperty(name = "migration-guard.body-timeout", defaultValue = "5s")
  String bodyTimeout;

  private long deadlineMillis;

  void install(@Observes Router router) {
    deadlineMillis = DurationConverter.parseDuration(bodyTimeout).toMillis();
    if (deadlineMillis <= 0) {
      throw new IllegalArgumentException(
          "migration-guard.body-timeout must be positive, got " + bodyTimeout);
    }
    router.route().order(ORDER).handler(this::guard);
  }

  /** The configured deadline for a whole body. */
  Duration bodyDeadline() {
    return Duration.ofMillis(deadlineMillis);
  }

  private void guard(RoutingContext ctx) {
    if (unread(ctx)) {
      // Answers are piling up unread on this connection: do not add another.
      ctx.request().connection().close();
      return;
    }
    if (ctx.request().version() != HttpVersion.HTTP_2
        && ctx.request().connection() instanceof ConnectionBase c) {
      PipeliningLimit.install(c.channel());
    }
    if (!ctx.request().isEnded()) {
      long timer = vertx.setTimer(deadlineMillis, id -> tooSlow(ctx));
      ctx.addEndHandler(done -> vertx.cancelTimer(timer));
    }
    ctx.next();
  }

  /**
   * Whether the connection's outbound buffer is over its high-water mark (answers written, not read
   * by the client). The response's own {@code writeQueueFull} does not see pipelined answers
   * already ended, so the connection is asked.
   */
  private static boolean unread(RoutingContext ctx) {
    return ctx.response().writeQueueFull()
        || (ctx.request().connection() instanceof ConnectionBase c && c.isNotWritable());
  }

  private void tooSlow(RoutingContext ctx) {
    if (ctx.request().isEnded() || ctx.response().ended()) {
      return;
    }
    boolean http2 = ctx.request().version() == HttpVersion.HTTP_2;
    if (!ctx.response().headWritten()) {
      if (!http2) {
        ctx.response().putHeader("Connection", "close");
      }
      ctx.response()
          .setStatusCode(408)
          .putHeader("Content-Type", "application/json")
          .end(
              Buffer.buffer(
                  reviews.status(
                      408,
                      "Timeout",
                      "the body was not complete within " + Duration.ofMillis(deadlineMillis))));
    }
    if (http2) {
      ctx.response().reset();
    } else {
      ctx.request().connection().close();
    }
  }
}
