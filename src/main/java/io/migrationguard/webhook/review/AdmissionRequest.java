package io.migrationguard.webhook.review;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The fields of an {@code admission.k8s.io/v1} AdmissionRequest that migration-guard reads, as sent
 * (nothing validated beyond the envelope). Built by {@link AdmissionReviews#parse}.
 *
 * @param apiVersion the AdmissionReview's apiVersion, echoed in the response
 * @param uid {@code request.uid}, echoed as {@code response.uid}
 * @param group {@code request.kind.group} ("" for the core group)
 * @param version {@code request.kind.version}
 * @param kind {@code request.kind.kind}
 * @param operation {@code request.operation} as sent, may be null
 * @param name {@code request.name}, may be empty (generated names)
 * @param namespace {@code request.namespace}, may be empty
 * @param object {@code request.object}, null when absent or JSON null
 * @param oldObject {@code request.oldObject}, null when absent or JSON null
 * @param username {@code request.userInfo.username}, "" when absent
 * @param fieldValidation {@code request.options.fieldValidation}, null when absent
 * @param dryRun {@code request.dryRun}
 */
public record AdmissionRequest(
    String apiVersion,
    String uid,
    String group,
    String version,
    String kind,
    String operation,
    String name,
    String namespace,
    JsonNode object,
    JsonNode oldObject,
    String username,
    String fieldValidation,
    boolean dryRun) {

  /** {@code group/version, Kind=kind}, the way Kubernetes prints a GroupVersionKind. */
  public String gvk() {
    String gv = group.isEmpty() ? version : group + "/" + version;
    return gv + ", Kind=" + kind;
  }
}
