package io.migrationguard.webhook.paths;

import io.migrationguard.webhook.review.AdmissionReviews;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The one error path of the HTTP server, the same over HTTP/1.1 and HTTP/2: a path the service does
 * not serve ({@link ServedPaths}) is answered 404 before any body is read, and a request that fails
 * in any handler is answered with the code it failed with (else 500); both as a JSON {@code v1
 * Status}, never a stack trace (Quarkus' own error page prints one over HTTP/2). Both are logged in
 * one line, at most one per client address per minute ({@link ClientLogLimit}): a client that asks
 * for nothing but errors must not be able to fill the log.
 */
@Singleton
public class ErrorAnswers {
  private static final Logger LOG = Logger.getLogger(ErrorAnswers.class);
  // After ClientCertificateFilter and ConnectionGuard (-4), before BodyLimit's body check (-3 too:
  // added in the order the observers run, either order answers before a body is read).
  private static final int ORDER = -3;
  // Before every other failure handler, Quarkus' error page included.
  private static final int FAILURE_ORDER = Integer.MIN_VALUE + 1;
  private static final int MAX_CLIENTS = 4096;
  private static final int SHOWN = 128;

  private final ClientLogLimit limit = new ClientLogLimit(TimeUnit.MINUTES.toNanos(1), MAX_CLIENTS);

  @Inject AdmissionReviews reviews;

  void install(@Observes Router router) {
    router.route().order(FAILURE_ORDER).failureHandler(this::failed);
    router.route().order(ORDER).handler(this::gate);
  }

  private void gate(RoutingContext ctx) {
    String path = ctx.request().path();
    if (ServedPaths.served(path)) {
      ctx.next();
      return;
    }
    log(ctx, 404, null);
    answer(ctx.response(), 404, "NotFound", "Not Found");
  }

  private void failed(RoutingContext ctx) {
    int code = ctx.statusCode();
    if (code < 400 || code > 599) {
      code = 500;
    }
    log(ctx, code, ctx.failure());
    HttpServerResponse response = ctx.response();
    if (response.headWritten() || response.closed()) {
      // Too late for an answer: end the stream (HTTP/2) or the connection (HTTP/1.1).
      if (!response.ended() && !response.closed()) {
        response.reset();
      }
      return;
    }
    String reason = code == 404 ? "NotFound" : code >= 500 ? "InternalError" : "BadRequest";
    String message = code >= 500 ? "internal error" : "request failed";
    answer(response, code, reason, message);
  }

  private void answer(HttpServerResponse response, int code, String reason, String message) {
    response
        .setStatusCode(code)
        .putHeader("Content-Type", "application/json")
        .end(Buffer.buffer(reviews.status(code, reason, message)));
  }

  private void log(RoutingContext ctx, int code, Throwable failure) {
    var address = ctx.request().remoteAddress();
    String client = address == null ? "?" : address.hostAddress();
    long suppressed = limit.admit(client, System.nanoTime());
    if (suppressed < 0) {
      return;
    }
    String cause =
        failure == null
            ? ""
            : ": " + failure.getClass().getSimpleName() + " " + shown(failure.getMessage());
    String more = suppressed == 0 ? "" : " (" + suppressed + " more from it since its last line)";
    String line =
        String.format(
            "%d for %s %s from %s over %s%s%s",
            code,
            ctx.request().method(),
            shown(ctx.request().path()),
            client,
            ctx.request().version(),
            cause,
            more);
    if (code >= 500) {
      LOG.warn(line);
    } else {
      LOG.info(line);
    }
  }

  /** Client text in a log line: printable ASCII only, cut short. */
  static String shown(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(Math.min(s.length(), SHOWN) + 3);
    for (int i = 0; i < s.length() && i < SHOWN; i++) {
      char c = s.charAt(i);
      out.append(c >= 0x20 && c < 0x7f ? c : '?');
    }
    return s.length() > SHOWN ? out.append("...").toString() : out.toString();
  }
}
