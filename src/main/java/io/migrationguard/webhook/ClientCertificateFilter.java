package io.migrationguard.webhook;

import io.migrationguard.webhook.paths.CanonicalPath;
import io.migrationguard.webhook.review.AdmissionReviews;
import io.migrationguard.webhook.tls.ClientCa;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;

/**
 * With {@code migration-guard.tls.client-ca} set, answers 401 (JSON Status) to any request whose
 * TLS connection presented no client certificate, except the health probes ({@code /q/health} and
 * below), which the kubelet sends without one, and a GET of the metrics ({@code /q/metrics}), which
 * Prometheus sends without one: they are counts and states, no object of a review, and a scrape
 * that needs a certificate would silence every alert built on them. What may reach the port at all
 * is the NetworkPolicy's ({@code certs/generate.sh --allow-from}). A certificate that does not
 * chain to the bundle never gets here: the handshake fails ({@code ClientAuthCustomizer}). It runs
 * before every other handler, so no body is read for a refused request.
 */
@ApplicationScoped
public class ClientCertificateFilter {
  // Before BodyLimit (-3) and Quarkus' upload limit (-2).
  private static final int ORDER = -4;
  static final String HEALTH = "/q/health";
  static final String METRICS = "/q/metrics";

  @Inject ClientCa clientCa;
  @Inject AdmissionReviews reviews;

  void install(@Observes Router router) {
    if (clientCa.enabled()) {
      router.route().order(ORDER).handler(this::check);
    }
  }

  private void check(RoutingContext ctx) {
    // Decided on the canonical path, and only for a path already spelled canonically: the raw
    // /q/health/..%2fmetrics starts with /q/health/ but names /q/metrics (and is no probe).
    String raw = ctx.request().path();
    String path = CanonicalPath.of(raw);
    boolean canonical = path.equals(raw);
    if ((canonical && path.equals(HEALTH))
        || (canonical && path.startsWith(HEALTH + "/"))
        || (canonical && path.equals(METRICS) && isRead(ctx))
        || presentedCertificate(ctx)) {
      ctx.next();
      return;
    }
    ctx.response()
        .setStatusCode(401)
        .putHeader("Content-Type", "application/json")
        .end(
            Buffer.buffer(
                reviews.status(
                    401,
                    "Unauthorized",
                    "a client certificate signed by the configured client CA is required")));
  }

  private static boolean isRead(RoutingContext ctx) {
    var method = ctx.request().method();
    return method == HttpMethod.GET || method == HttpMethod.HEAD;
  }

  private static boolean presentedCertificate(RoutingContext ctx) {
    SSLSession session = ctx.request().sslSession();
    if (session == null) {
      return false;
    }
    try {
      return session.getPeerCertificates().length > 0;
    } catch (SSLPeerUnverifiedException e) {
      return false;
    }
  }
}
