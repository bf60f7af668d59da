package io.migrationguard.webhook;

import io.migrationguard.cluster.ReviewGate;
import io.migrationguard.core.Admission;
import io.migrationguard.core.Decision;
import io.migrationguard.webhook.review.AdmissionRequest;
import io.migrationguard.webhook.review.AdmissionReviews;
import io.migrationguard.webhook.review.Dispatch;
import io.migrationguard.webhook.review.Parsed;
import io.migrationguard.webhook.review.Verdict;
import io.migrationguard.webhook.review.Verdicts;
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

  @Inject Admission engine;
  @Inject ReviewGate gate;
  @Inject AdmissionReviews reviews;
  @Inject AdmissionMetrics metrics;
  @Inject ReviewLog reviewLog;

  /** Answers {@code body} on the calling thread, whatever it may wait on (tests, benchmarks). */
  public Answer handle(Webhook webhook, byte[] body) {
    return handle(webhook, body, Runnable::run).toCompletableFuture().join();
  }

  /**
   * Answers {@code body}: on the calling thread when nothing can block, else on {@code blocking}.
   * The stage never completes exceptionally.
   */
  public CompletionStage<Answer> handle(Webhook webhook, byte[] body, Executor blocking) {
    long start = System.nanoTime();
    Parsed parsed = reviews.parse(body == null ? new byte[0] : body);
    if (parsed instanceof Parsed.BadRequest bad) {
      metrics.badRequest(webhook);
      return CompletableFuture.completedFuture(
          new Answer(400, reviews.status(400, "BadRequest", bad.message())));
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
      try {
        return CompletableFuture.supplyAsync(
            () -> answer(webhook, request, decide(webhook, dispatch, request), start), blocking);
      } catch (RejectedExecutionException e) {
        Verdict.Status busy =
            new Verdict.Status(503, "ServiceUnavailable", "the webhook is overloaded", null);
        return CompletableFuture.completedFuture(
            answer(webhook, request, new Outcome(Verdict.refuse(busy), Set.of(), Set.of()), start));
      }
    }
    return CompletableFuture.completedFuture(
        answer(webhook, request, decide(webhook, dispatch, request), start));
  }

  private Answer answer(Webhook webhook, AdmissionRequest request, Outcome outcome, long start) {
    long nanos = System.nanoTime() - start;
    metrics.review(webhook, request, outcome.verdict(), outcome.denyingRules(), nanos);
    reviewLog.review(webhook, request, outcome.verdict(), outcome.rules(), nanos);
    return new Answer(200, reviews.response(request, outcome.verdict()));
  }

  private Outcome decide(Webhook webhook, Dispatch dispatch, AdmissionRequest request) {
    try {
      if (dispatch instanceof Dispatch.Ours ours) {
        return judge(webhook, ours, request);
      }
      if (dispatch instanceof Dispatch.Undecodable u) {
        return new Outcome(Verdicts.undecodable(u.message()), Set.of(), Set.of());
      }
      return new Outcome(Verdict.allow(), Set.of(), Set.of());
    } catch (RuntimeException e) {
      return internal(request, e);
    }
  }

  // A bug, not bad input: refuse inside the review (the API server shows the message) and keep the
  // stack trace in our log only.
  private static Outcome internal(AdmissionRequest request, RuntimeException e) {
    LOG.errorf(e, "review %s failed", request.uid());
    Verdict.Status status =
        new Verdict.Status(500, "InternalError", "internal error while reviewing", null);
    return new Outcome(Verdict.refuse(status), Set.of(), Set.of());
  }

  private Outcome judge(Webhook webhook, Dispatch.Ours ours, AdmissionRequest request) {
    if (webhook == Webhook.MUTATE) {
      return new Outcome(Verdicts.mutation(engine.mutate(ours.review())), Set.of(), Set.of());
    }
    // Through the gate: racing duplicates are serialized, admitted objects count as in the
    // cluster until the informer sees them, and the review's lookups share one timeout.
    Decision d =
        gate.admit(ours.review(), request.dryRun(), view -> engine.validate(ours.review(), view));
    Verdict v = Verdicts.validation(ours.kind(), ours.name(), d);
    if (d.findings().isEmpty()) {
      return new Outcome(v, Set.of(), Set.of());
    }
    return new Outcome(v, Verdicts.ruleIds(d.findings()), Verdicts.ruleIds(d.errors()));
  }

  /** A verdict with the rule ids that reported anything, and those that denied. */
  private record Outcome(Verdict verdict, Set<String> rules, Set<String> denyingRules) {}
}
