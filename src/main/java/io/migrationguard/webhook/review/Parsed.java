package io.migrationguard.webhook.review;

/**
 * What {@link AdmissionReviews#parse} made of a request body: an AdmissionRequest, or the reason
 * the body is not an AdmissionReview (answered with HTTP 400).
 */
public sealed interface Parsed {
  /** A well-formed AdmissionReview. */
  record Review(AdmissionRequest request) implements Parsed {}

  /** Not JSON, or not an {@code admission.k8s.io/v1} AdmissionReview; {@code message} says why. */
  record BadRequest(String message) implements Parsed {}
}
