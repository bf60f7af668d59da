package io.migrationguard.export;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * One MutatingAdmissionPolicy and binding per kind with exported defaulters, in the order {@code
 * /mutate} applies them; only for Kubernetes versions that serve the kind (v1beta1 1.34-1.35, v1
 * 1.36+).
 */
final class MutatingPolicies {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private MutatingPolicies() {}

  static List<ObjectNode> objects(ExportOptions options) {
    String apiVersion = options.kubernetes().mutatingPolicyApiVersion();
    List<ObjectNode> out = new ArrayList<>();
    if (apiVersion == null) {
      return out;
    }
    for (Kind kind : Kind.values()) {
      ObjectNode spec = JSON.objectNode();
      spec.set("matchConstraints", Resources.matchConstraints(kind));
      ArrayNode mutations = spec.putArray("mutations");
      boolean onUpdate = false;
      for (Mutations.Mutation m : Mutations.all().values()) {
        if (m.webhookOnly() == null && m.kind() == kind) {
          onUpdate |= m.onUpdate();
          String expression =
              m.onUpdate()
                  ? m.jsonPatch()
                  : "request.operation != 'CREATE' ? [] : " + m.jsonPatch();
          ObjectNode mutation = mutations.addObject().put("patchType", "JSONPatch");
          mutation.putObject("jsonPatch").put("expression", expression);
        }
      }
      if (mutations.isEmpty()) {
        continue;
      }
      if (!onUpdate) {
        ArrayNode ops = (ArrayNode) spec.at("/matchConstraints/resourceRules/0/operations");
        ops.removeAll().add("CREATE");
      }
      spec.put("failurePolicy", "Fail");
      // Each mutation gives no patch for what it already defaulted, so a second call is harmless.
      spec.put("reinvocationPolicy", "IfNeeded");
      String name = "migration-guard-" + Resources.plural(kind);
      out.add(Resources.object(apiVersion, "MutatingAdmissionPolicy", name, spec));
      ObjectNode binding = JSON.objectNode().put("policyName", name);
      out.add(Resources.object(apiVersion, "MutatingAdmissionPolicyBinding", name, binding));
    }
    return out;
  }
}
