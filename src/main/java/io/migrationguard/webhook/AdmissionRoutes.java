package io.migrationguard.webhook;

import io.migrationguard.webhook.http.HttpReply;
import io.migrationguard.webhook.intake.BodyIntake;
import io.migrationguard.webhook.intake.ReviewExecutor;
import io.migrationguard.webhook.review.AdmissionReviews;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * The HTTP door: {@code POST /validate} and {@code POST /mutate} take an AdmissionReview and answer
 * one; any other method on those paths is answered 405. Deliberately thin; parsing and deciding
 * live in {@link AdmissionHandler}.
 *
 * <p>Plain Vert.x routes, not the REST layer: the body was read by {@link BodyIntake} on the event
 * loop under the process-wide body budget, and is parsed once, under our own limits, whatever the
 * Content-Type. (The REST layer reads a body over 10 KiB with a blocking read on a worker thread,
 * and pauses a request it is handed complete, which HTTP/2 refuses.) Runs on the event loop: {@link
 * AdmissionHandler} moves a review that may wait on the cluster to the {@link ReviewExecutor},
 * whose threads serve nothing else.
 */
@ApplicationScoped
public class AdmissionRoutes {
  // After BodyIntake (-1); before the REST layer, which answers every other path.
  private static final int ORDER = 0;

  @Inject AdmissionHandler handler;
  @Inject ReviewExecutor executor;
  @Inject AdmissionReviews reviews;

  void install(@Observes Router router) {
    for (Webhook webhook : Webhook.values()) {
      router.route("/" + webhook.label()).order(ORDER).handler(ctx -> serve(webhook, ctx));
    }
  }

  private void serve(Webhook webhook, RoutingContext ctx) {
    if (ctx.request().method() != HttpMethod.POST) {
      ctx.response()
          .putHeader("Allow", "POST")
          .setStatusCode(405)
          .putHeader("Content-Type", "application/json")
          .end(
              Buffer.buffer(
                  reviews.status(
                      405, "MethodNotAllowed", "the method is not allowed for this path")));
      return;
    }
    Context context = Vertx.currentContext();
    handler
        .handle(webhook, BodyIntake.body(ctx), executor)
        .whenComplete(
            (reply, failure) -> {
              if (Vertx.currentContext() == context) {
                respond(ctx, reply, failure); // judged on the event loop: answer at once
              } else {
                context.runOnContext(v -> respond(ctx, reply, failure));
              }
            });
  }

  private void respond(RoutingContext ctx, HttpReply reply, Throwable failure) {
    if (ctx.response().ended() || ctx.response().closed()) {
      return; // the client went away, or the body deadline answered first
    }
    if (failure != null) { // never happens: the handler turns every failure into an answer
      ctx.fail(failure);
      return;
    }
    ctx.response()
        .setStatusCode(reply.status())
        .putHeader("Content-Type", "application/json")
        .end(Buffer.buffer(reply.body()));
  }
}
