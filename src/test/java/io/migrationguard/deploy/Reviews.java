package io.migrationguard.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import java.util.UUID;

/** AdmissionReview requests as the API server sends them, and the objects the e2e test uses. */
final class Reviews {
  static final ObjectMapper JSON = new ObjectMapper();

  private Reviews() {}

  /** An {@code admission.k8s.io/v1} AdmissionReview for {@code object} (and {@code old}). */
  static ObjectNode request(Kind kind, Operation op, JsonNode object, JsonNode old) {
    ObjectNode review = JSON.createObjectNode();
    review.put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
    ObjectNode req = review.putObject("request");
    req.put("uid", UUID.randomUUID().toString());
    ObjectNode gvk = req.putObject("kind");
    gvk.put("group", kind.group()).put("version", kind.version()).put("kind", kind.kindName());
    ObjectNode gvr = req.putObject("resource");
    gvr.put("group", kind.group()).put("version", kind.version());
    gvr.put("resource", EngineCoverage.resource(kind));
    req.set("requestKind", gvk.deepCopy());
    req.set("requestResource", gvr.deepCopy());
    req.put("name", object.at("/metadata/name").asText());
    if (kind.namespaced()) {
      req.put("namespace", object.at("/metadata/namespace").asText());
    }
    req.put("operation", op.name());
    ObjectNode user = req.putObject("userInfo");
    user.put("username", "kubernetes-admin");
    user.putArray("groups").add("system:masters").add("system:authenticated");
    req.set("object", object);
    req.set("oldObject", old);
    req.put("dryRun", false);
    ObjectNode options = req.putObject("options");
    options.put("apiVersion", "meta.k8s.io/v1");
    options.put("kind", op == Operation.CREATE ? "CreateOptions" : "UpdateOptions");
    return review;
  }

  /** A well-formed migration of VMI {@code vmi-1}, without the defaults the mutation adds. */
  static ObjectNode migration() {
    return (ObjectNode)
        read(
            "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstanceMigration\","
                + "\"metadata\":{\"name\":\"migration-1\",\"namespace\":\"vms\"},"
                + "\"spec\":{\"vmiName\":\"vmi-1\"}}");
  }

  /** A well-formed policy that allows post-copy and says nothing of workload disruption. */
  static ObjectNode policy() {
    return (ObjectNode)
        read(
            "{\"apiVersion\":\"migrations.kubevirt.io/v1alpha1\",\"kind\":\"MigrationPolicy\","
                + "\"metadata\":{\"name\":\"fast-lane\"},"
                + "\"spec\":{\"allowPostCopy\":true,\"bandwidthPerMigration\":\"64Mi\","
                + "\"selectors\":{\"namespaceSelector\":{\"team\":\"storage\"}}}}");
  }

  static JsonNode read(String json) {
    try {
      return JSON.readTree(json);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
