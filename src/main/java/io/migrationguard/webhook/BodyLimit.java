package io.migrationguard.webhook;

import io.migrationguard.webhook.http.HttpErrors;
import io.migrationguard.webhook.review.AdmissionReviews;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Refuses a body over {@link AdmissionReviews#MAX_BODY_BYTES} with 413 and a JSON Status before
 * reading it, when the request declares its length. It runs just before Quarkus' own limit ({@code
 * quarkus.http.limits.max-body-size}, same value), which answers with an empty body and a {@code
 * Connection: close} header that HTTP/2 clients treat as a protocol error. Bodies without a
 * declared length are cut off while being read ({@link HttpErrors} answers those).
 */
@ApplicationScoped
public class BodyLimit {
  // Quarkus' upload limit handler runs at order -2 (RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT).
  private static final int ORDER = -3;

  @Inject AdmissionReviews reviews;

  void install(@Observes Router router) {
    router.route().order(ORDER).handler(this::check);
  }

  private void check(RoutingContext ctx) {
    String declared = ctx.request().getHeader("Content-Length");
    if (declared == null || !tooLarge(declared)) {
      ctx.next();
      return;
    }
    if (ctx.request().version() != HttpVersion.HTTP_2) {
      // The unread body would otherwise be taken for the next request on this connection.
      ctx.response().putHeader("Connection", "close");
    }
    ctx.response()
        .setStatusCode(413)
        .putHeader("Content-Type", "application/json")
        .end(Buffer.buffer(reviews.status(413, "RequestEntityTooLarge", HttpErrors.TOO_LARGE)));
  }

  private static boolean tooLarge(String declared) {
    try {
      return Long.parseLong(declared.trim()) > AdmissionReviews.MAX_BODY_BYTES;
    } catch (NumberFormatException e) {
      return false; // Vert.x rejects a malformed Content-Length itself
    }
  }
}
