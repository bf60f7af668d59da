package io.migrationguard.webhook;

import io.migrationguard.cluster.ReleaseEngines;
import io.migrationguard.cluster.ReviewGate;
import io.migrationguard.core.Engine;
import io.migrationguard.core.model.Decision;
import io.migrationguard.webhook.http.HttpReply;
import io.migrationguard.webhook.review.AdmissionRequest;
import io.migrationguard.webhook.review.AdmissionResponse;
import io.migrationguard.webhook.review.AdmissionResponses;
import io.migrationguard.webhook.review.AdmissionReviews;
import io.migrationguard.webhook.review.Dispatch;
import io.migrationguard.webhook.review.Parsed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.jboss.logging.Logger;

/**
 * Answers one AdmissionReview body: parse, dispatch by kind and operation, ask the engine, map its
 * decision to a response, and record metrics and the review log line. Every outcome is an answer;
 * nothing here lets an exception reach the HTTP layer.
 *
 * <p>Threads: everything runs on the calling thread (the HTTP event loop) except judging a review
 * that may wait on the cluster (a live API request, the lock that serialises conflicting reviews),
 * which goes to the {@code blocking} executor. Parsing and the engine are CPU work of tens of
 * microseconds; a hop to a worker thread and back costs more than that, and on a small node the
 * extra runnable threads are what stretch the latency tail.
 */
@ApplicationScoped
public class AdmissionHandler {
  private static final Logger LOG = Logger.getLogger(AdmissionHandler.class);

  @Inject ReleaseEngines engines;
  @Inject ReviewGate gate;
  @Inject AdmissionReviews reviews;
  @Inject AdmissionMetrics metrics;
  @Inject ReviewLog reviewLog;

  /** Answers {@code body} on the calling thread, whatever it may wait on (tests, benchmarks). */
  public HttpReply handle(Webhook webhook, byte[] body) {
    return handle(webhook, body, Runnable::run).toCompletableFuture().join();
  }

  /**
   * Answers {@code body}: on the calling thread when nothing can block, else on {@code blocking}.
   * The stage never completes exceptionally.
   */
  public CompletionStage<HttpReply> handle(Webhook webhook, byte[] body, Executor blocking) {
    long start = System.nanoTime();
    Parsed parsed = reviews.parse(body == null ? new byte[0] : body);
    if (parsed instanceof Parsed.BadRequest bad) {
      metrics.badRequest(webhook);
      return CompletableFuture.completedFuture(
          new HttpReply(400, reviews.status(400, "BadRequest", bad.message())));
    }
    AdmissionRequest request = ((Parsed.Review) parsed).request();
    Dispatch dispatch;
    try {
      dispatch = Dispatch.of(request);
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(
          answer(webhook, request, internal(request, e), start));
    }
    if (webhook == Webhook.VALIDATE
        && dispatch instanceof Dispatch.Ours ours
        && gate.mayBlock(ours.review(), request.dryRun())) {
      return onWorker(webhook, request, dispatch, start, blocking);
    }
    try {
      return CompletableFuture.completedFuture(
          answer(webhook, request, decide(webhook, dispatch, request, false, start), start));
    } catch (ReviewGate.MustWait e) {
      // Its key's lock was busy for longer than the event loop waits: wait on a worker instead.
      return onWorker(webhook, request, dispatch, start, blocking);
    }
  }

  private CompletionStage<HttpReply> onWorker(
      Webhook webhook, AdmissionRequest request, Dispatch dispatch, long start, Executor blocking) {
    try {
      return CompletableFuture.supplyAsync(
          () -> answer(webhook, request, decide(webhook, dispatch, request, true, start), start),
          blocking);
    } catch (RejectedExecutionException e) {
      AdmissionResponse.Status busy =
          new AdmissionResponse.Status(
              503, "ServiceUnavailable", "the webhook is overloaded", null);
      return CompletableFuture.completedFuture(
          answer(
              webhook,
              request,
              new Judged(AdmissionResponse.refuse(busy), Set.of(), Set.of()),
              start));
    }
  }

  private HttpReply answer(Webhook webhook, AdmissionRequest request, Judged judged, long start) {
    long nanos = System.nanoTime() - start;
    metrics.review(
        webhook, request, judged.response(), judged.denyingRules(), judged.warningRules(), nanos);
    reviewLog.review(webhook, request, judged.response(), judged.rules(), judged.profile(), nanos);
    return new HttpReply(200, reviews.response(request, judged.response()));
  }

  /**
   * @param onWorker true when called on a worker thread, where waiting is allowed
   * @param arrived when the review arrived ({@link System#nanoTime()}): its lookups share the
   *     timeout from then, time queued for a worker included
   */
  private Judged decide(
      Webhook webhook,
      Dispatch dispatch,
      AdmissionRequest request,
      boolean onWorker,
      long arrived) {
    try {
      if (dispatch instanceof Dispatch.Ours ours) {
        return judge(webhook, ours, request, onWorker, arrived);
      }
      if (dispatch instanceof Dispatch.Undecodable u) {
        return new Judged(AdmissionResponses.undecodable(u.message()), Set.of(), Set.of());
      }
      return new Judged(AdmissionResponse.allow(), Set.of(), Set.of());
    } catch (ReviewGate.MustWait e) {
      throw e; // not a failure: the caller judges the review again on a worker
    } catch (RuntimeException e) {
      return internal(request, e);
    }
  }

  // A bug, not bad input: refuse inside the review (the API server shows the message) and keep the
  // stack trace in our log only.
  private static Judged internal(AdmissionRequest request, RuntimeException e) {
    LOG.errorf(e, "review %s failed", request.uid());
    AdmissionResponse.Status status =
        new AdmissionResponse.Status(500, "InternalError", "internal error while reviewing", null);
    return new Judged(AdmissionResponse.refuse(status), Set.of(), Set.of());
  }

  private Judged judge(
      Webhook webhook,
      Dispatch.Ours ours,
      AdmissionRequest request,
      boolean onWorker,
      long arrived) {
    // One profile from start to end of the review, even if the KubeVirt CR changes meanwhile.
    ReleaseEngines.Active active = engines.active();
    Engine engine = active.engine();
    String profile = active.release().name();
    if (webhook == Webhook.MUTATE) {
      return new Judged(
          AdmissionResponses.mutation(engine.mutate(ours.review())), Set.of(), Set.of(), profile);
    }
    // Through the gate: racing duplicates are serialized, admitted objects count as in the
    // cluster until the informer sees them, and the review's lookups share one timeout.
    Decision d =
        gate.admit(
            ours.review(),
            request.dryRun(),
            view -> engine.validate(ours.review(), view),
            onWorker,
            arrived);
    AdmissionResponse v = AdmissionResponses.validation(ours.kind(), ours.name(), d);
    if (d.findings().isEmpty()) {
      return new Judged(v, Set.of(), Set.of(), profile);
    }
    return new Judged(
        v,
        AdmissionResponses.ruleIds(d.findings()),
        AdmissionResponses.ruleIds(d.errors()),
        AdmissionResponses.ruleIds(d.warnings()),
        profile);
  }

  /**
   * A review judged: the response it gets, with the rule ids that reported anything and those that
   * denied (for metrics and the review log, which the response does not carry).
   */
  private record Judged(
      AdmissionResponse response,
      Set<String> rules,
      Set<String> denyingRules,
      Set<String> warningRules,
      String profile) {
    Judged(AdmissionResponse response, Set<String> rules, Set<String> denyingRules) {
      this(response, rules, denyingRules, Set.of(), null);
    }

    Judged(
        AdmissionResponse response, Set<String> rules, Set<String> denyingRules, String profile) {
      this(response, rules, denyingRules, Set.of(), profile);
    }
  }
}
