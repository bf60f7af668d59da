package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;

/** Reviews of the two kinds, as the webhook hands them to the engine. */
final class Reviews {
  private Reviews() {}

  static Review vmimCreate(String namespace, String name, String vmiName) {
    return vmimCreate(Fixtures.vmim(namespace, name, vmiName, null, false));
  }

  static Review vmimCreate(ObjectNode vmim) {
    String ns = vmim.path("metadata").path("namespace").asText();
    return new Review(Kind.VMIM, Operation.CREATE, vmim, null, ns, "alice", FieldValidation.STRICT);
  }

  /** A decentralized migration: only {@code sendTo}. */
  static Review vmimSend(String namespace, String name, String vmiName) {
    ObjectNode vmim = Fixtures.vmim(namespace, name, vmiName, null, false);
    ((ObjectNode) vmim.get("spec"))
        .putObject("sendTo")
        .put("connectURL", "https://target.example:8443")
        .put("migrationID", "m-1");
    return vmimCreate(vmim);
  }

  static Review policyCreate(ObjectNode policy) {
    return new Review(
        Kind.POLICY, Operation.CREATE, policy, null, null, "alice", FieldValidation.STRICT);
  }

  static Review policyUpdate(ObjectNode policy, JsonNode old) {
    return new Review(
        Kind.POLICY, Operation.UPDATE, policy, old, null, "alice", FieldValidation.STRICT);
  }

  static ObjectNode withMaxDowntime(ObjectNode policy, int ms) {
    ((ObjectNode) policy.get("spec")).put("maxDowntimeMs", ms);
    return policy;
  }
}
