package io.migrationguard.export;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;

/** What the policies match and how their objects are labelled, shared by both policy kinds. */
final class Resources {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private Resources() {}

  /** The resource name of a kind, as in the webhook configurations. */
  static String plural(Kind kind) {
    return kind == Kind.VMIM ? "virtualmachineinstancemigrations" : "migrationpolicies";
  }

  /**
   * CREATE and UPDATE of the kind, in its stored version with matchPolicy Equivalent (requests in
   * older versions are converted), outside migration-guard's own namespace, as the webhooks.
   */
  static ObjectNode matchConstraints(Kind kind) {
    ObjectNode match = JSON.objectNode();
    match.put("matchPolicy", "Equivalent");
    ObjectNode expression =
        match
            .putObject("namespaceSelector")
            .putArray("matchExpressions")
            .addObject()
            .put("key", "kubernetes.io/metadata.name")
            .put("operator", "NotIn");
    expression.putArray("values").add("migration-guard");
    ObjectNode rule = match.putArray("resourceRules").addObject();
    rule.putArray("apiGroups").add(kind.group());
    rule.putArray("apiVersions").add(kind.version());
    rule.putArray("resources").add(plural(kind));
    rule.putArray("operations").add("CREATE").add("UPDATE");
    rule.put("scope", kind.namespaced() ? "Namespaced" : "Cluster");
    return match;
  }

  /** A cluster-scoped object with the labels of the rest of the install. */
  static ObjectNode object(String apiVersion, String kind, String name, ObjectNode spec) {
    ObjectNode o = JSON.objectNode().put("apiVersion", apiVersion).put("kind", kind);
    ObjectNode meta = o.putObject("metadata").put("name", name);
    meta.putObject("labels")
        .put("app.kubernetes.io/name", "migration-guard")
        .put("app.kubernetes.io/component", "admission-policy");
    o.set("spec", spec);
    return o;
  }
}
