package io.migrationguard.webhook.http;

import io.migrationguard.webhook.review.AdmissionReviews;
import io.vertx.core.http.HttpServerResponse;
import jakarta.inject.Inject;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Every HTTP-level error as a JSON {@code v1 Status} (404, 405, 413, ...), and never a stack trace
 * or class name in a response: an unexpected exception is logged here and answered with a generic
 * 500.
 */
public class HttpErrors {
  private static final Logger LOG = Logger.getLogger(HttpErrors.class);

  public static final String TOO_LARGE =
      "the body is larger than " + AdmissionReviews.MAX_BODY_BYTES + " bytes";

  @Inject AdmissionReviews reviews;

  @ServerExceptionMapper
  public Response notAllowed(NotAllowedException e) {
    Response r = status(405, "MethodNotAllowed", "the method is not allowed for this path");
    String allow = e.getResponse().getHeaderString(HttpHeaders.ALLOW);
    return allow == null ? r : Response.fromResponse(r).header(HttpHeaders.ALLOW, allow).build();
  }

  @ServerExceptionMapper
  public Response webApplication(WebApplicationException e) {
    int code = e.getResponse().getStatus();
    Response.Status known = Response.Status.fromStatusCode(code);
    return status(code, reason(code), known == null ? "request failed" : known.getReasonPhrase());
  }

  /**
   * Reading the body failed: cut off at the size limit (a body sent without a declared length), or
   * the client went away.
   */
  @ServerExceptionMapper
  public Response unreadable(IOException e, HttpServerResponse response) {
    if (response.headWritten()) {
      // The size limit already answered 413 (Quarkus' max-body-size) and closed the stream.
      return null;
    }
    if (String.valueOf(e.getMessage()).contains("too large")) {
      return status(413, "RequestEntityTooLarge", TOO_LARGE);
    }
    return status(400, "BadRequest", "the body could not be read");
  }

  @ServerExceptionMapper
  public Response unexpected(Throwable t) {
    LOG.error("unexpected error while serving a request", t);
    return status(500, "InternalError", "internal error");
  }

  Response status(int code, String reason, String message) {
    return Response.status(code)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(reviews.status(code, reason, message))
        .build();
  }

  /** The metav1.StatusReason Kubernetes uses for an HTTP code. */
  static String reason(int code) {
    return switch (code) {
      case 400 -> "BadRequest";
      case 404 -> "NotFound";
      case 405 -> "MethodNotAllowed";
      case 406 -> "NotAcceptable";
      case 413 -> "RequestEntityTooLarge";
      case 415 -> "UnsupportedMediaType";
      case 503 -> "ServiceUnavailable";
      default -> code >= 500 ? "InternalError" : "BadRequest";
    };
  }
}
