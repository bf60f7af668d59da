package io.migrationguard.webhook.review;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.mutate.JsonPatches;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/** Writes AdmissionReview responses and bare Status bodies, field for field as Kubernetes does. */
final class ResponseWriter {
  /**
   * Largest patch put in an answer (base64 makes it 4/3 larger): every answer stays under 64 KiB.
   */
  static final int MAX_PATCH_BYTES = 40 * 1024;

  private final ObjectMapper mapper;

  ResponseWriter(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  byte[] review(AdmissionRequest request, AdmissionResponse v) {
    ObjectNode root = mapper.createObjectNode();
    root.put("apiVersion", request.apiVersion());
    root.put("kind", "AdmissionReview");
    ObjectNode response = root.putObject("response");
    response.put("uid", request.uid());
    response.put("allowed", v.allowed());
    if (v.status() != null) {
      response.set("status", status(v.status()));
    }
    List<String> warningList = v.warnings();
    if (!v.patch().isEmpty()) {
      byte[] patch = bytes(JsonPatches.toJson(v.patch()));
      if (patch.length <= MAX_PATCH_BYTES) {
        response.put("patch", Base64.getEncoder().encodeToString(patch));
        response.put("patchType", "JSONPatch");
      } else {
        // Only a hostile object gets here (tens of thousands of duplicate finalizers): leave it
        // as it is rather than answer megabytes; nothing is lost that validation relies on.
        warningList = new ArrayList<>(warningList);
        warningList.add(
            "the defaulting patch (" + patch.length + " bytes) is too large: not applied");
      }
    }
    if (!warningList.isEmpty()) {
      ArrayNode warnings = response.putArray("warnings");
      warningList.forEach(warnings::add);
    }
    if (!v.auditAnnotations().isEmpty()) {
      ObjectNode audit = response.putObject("auditAnnotations");
      v.auditAnnotations().entrySet().stream()
          .sorted(Map.Entry.comparingByKey())
          .forEach(e -> audit.put(e.getKey(), e.getValue()));
    }
    return bytes(root);
  }

  byte[] status(int code, String reason, String message) {
    ObjectNode root = mapper.createObjectNode();
    root.put("kind", "Status");
    root.put("apiVersion", "v1");
    root.setAll(status(new AdmissionResponse.Status(code, reason, message, null)));
    return bytes(root);
  }

  /** {@code metav1.Status} as Go marshals it (field order of the struct, empty metadata kept). */
  private ObjectNode status(AdmissionResponse.Status s) {
    ObjectNode status = mapper.createObjectNode();
    status.putObject("metadata");
    status.put("status", "Failure");
    status.put("message", s.message());
    status.put("reason", s.reason());
    if (s.details() != null) {
      AdmissionResponse.Details d = s.details();
      ObjectNode details = status.putObject("details");
      putNonEmpty(details, "name", d.name());
      putNonEmpty(details, "group", d.group());
      putNonEmpty(details, "kind", d.kind());
      if (!d.causes().isEmpty()) {
        ArrayNode causes = details.putArray("causes");
        for (AdmissionResponse.Cause c : d.causes()) {
          ObjectNode cause = causes.addObject();
          putNonEmpty(cause, "reason", c.reason());
          putNonEmpty(cause, "message", c.message());
          putNonEmpty(cause, "field", c.field());
        }
      }
    }
    status.put("code", s.code());
    return status;
  }

  /** Go's {@code omitempty}: StatusDetails and StatusCause leave empty strings out. */
  private static void putNonEmpty(ObjectNode node, String field, String value) {
    if (value != null && !value.isEmpty()) {
      node.put(field, value);
    }
  }

  private byte[] bytes(Object tree) {
    try {
      return mapper.writeValueAsBytes(tree);
    } catch (JsonProcessingException e) {
      // Trees of our own making always serialise; reaching this is a bug.
      throw new IllegalStateException("cannot serialise a response", e);
    }
  }
}
