package io.migrationguard.webhook.review;

import io.migrationguard.core.model.PatchOp;
import java.util.List;
import java.util.Map;

/**
 * The content of one AdmissionResponse, before it is put on the wire by {@link AdmissionReviews}.
 *
 * @param allowed whether the request may proceed
 * @param status the {@code metav1.Status} of a refusal, null when allowed
 * @param patch the JSON Patch to apply (empty: no {@code patch}, no {@code patchType})
 * @param warnings admission warnings, already shortened for the wire
 * @param auditAnnotations annotations for the audit event (the API server prefixes the keys)
 */
public record AdmissionResponse(
    boolean allowed,
    Status status,
    List<PatchOp> patch,
    List<String> warnings,
    Map<String, String> auditAnnotations) {

  public AdmissionResponse {
    patch = List.copyOf(patch);
    warnings = List.copyOf(warnings);
    auditAnnotations = Map.copyOf(auditAnnotations);
  }

  /** Allowed, nothing to add: other kinds, DELETE, CONNECT. */
  public static AdmissionResponse allow() {
    return new AdmissionResponse(true, null, List.of(), List.of(), Map.of());
  }

  /** Refused with {@code status} and nothing else. */
  public static AdmissionResponse refuse(Status status) {
    return new AdmissionResponse(false, status, List.of(), List.of(), Map.of());
  }

  /**
   * A {@code metav1.Status} of a refusal.
   *
   * @param code the HTTP-like code the API server reports (400, 422, 503)
   * @param reason the StatusReason ({@code Invalid}, {@code BadRequest}, ...)
   * @param message the human message
   * @param details name, kind and causes; null when there are none
   */
  public record Status(int code, String reason, String message, Details details) {}

  /** {@code metav1.StatusDetails}: which object, and one cause per field error. */
  public record Details(String name, String group, String kind, List<Cause> causes) {
    public Details {
      causes = List.copyOf(causes);
    }
  }

  /** {@code metav1.StatusCause}: the cause type, the error body and the field path. */
  public record Cause(String reason, String message, String field) {}
}
