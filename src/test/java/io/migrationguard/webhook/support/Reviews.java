package io.migrationguard.webhook.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Builds AdmissionReview request bodies for tests. */
public final class Reviews {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Reviews() {}

  /** A VMIM CREATE review with {@code spec} (a JSON object text) by user {@code user}. */
  public static ObjectNode vmimCreate(String uid, String spec, String user) {
    ObjectNode object = JSON.createObjectNode();
    object.put("apiVersion", "kubevirt.io/v1").put("kind", "VirtualMachineInstanceMigration");
    object.putObject("metadata").put("name", "mig").put("namespace", "default");
    object.set("spec", parse(spec));
    return review(uid, "kubevirt.io", "v1", "VirtualMachineInstanceMigration", object, user);
  }

  /** A MigrationPolicy CREATE review with {@code spec} (a JSON object text). */
  public static ObjectNode policyCreate(String uid, String spec) {
    ObjectNode object = JSON.createObjectNode();
    object.put("apiVersion", "migrations.kubevirt.io/v1alpha1").put("kind", "MigrationPolicy");
    object.putObject("metadata").put("name", "policy");
    object.set("spec", parse(spec));
    return review(uid, "migrations.kubevirt.io", "v1alpha1", "MigrationPolicy", object, "alice");
  }

  private static ObjectNode review(
      String uid, String group, String version, String kind, ObjectNode object, String user) {
    ObjectNode root = JSON.createObjectNode();
    root.put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
    ObjectNode req = root.putObject("request");
    req.put("uid", uid);
    req.putObject("kind").put("group", group).put("version", version).put("kind", kind);
    req.put("operation", "CREATE");
    req.put("namespace", object.path("metadata").path("namespace").asText(""));
    req.putObject("userInfo").put("username", user);
    req.set("object", object);
    return root;
  }

  private static ObjectNode parse(String json) {
    try {
      return (ObjectNode) JSON.readTree(json);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }
}
