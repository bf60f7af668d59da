package io.migrationguard.export;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The shape of the admissionregistration.k8s.io kinds an export writes, field by field from the
 * Kubernetes API types (staging/src/k8s.io/api/admissionregistration/v1 and v1beta1): which kinds
 * each version serves, every field's type, the required ones and the enums. Unknown fields fail, as
 * {@code kubectl apply --validate=strict} fails them.
 */
final class AdmissionRegistrationSchema {
  /** A field: its type (a type below, string or map), list or not, required or not, enum. */
  private record Field(
      String name, String type, boolean list, boolean required, Set<String> values) {}

  private static final Map<String, Map<String, Field>> TYPES = new HashMap<>();

  static {
    type("ObjectMeta", f("name", "string", true), f("labels", "map"), f("annotations", "map"));
    type(
        "ValidatingAdmissionPolicy",
        f("apiVersion", "string", true),
        f("kind", "string", true),
        f("metadata", "ObjectMeta", true),
        f("spec", "ValidatingAdmissionPolicySpec", true));
    type(
        "ValidatingAdmissionPolicySpec",
        f("paramKind", "ParamKind"),
        f("matchConstraints", "MatchResources", true),
        list("validations", "Validation"),
        e("failurePolicy", "Ignore", "Fail"),
        list("auditAnnotations", "AuditAnnotation"),
        list("matchConditions", "MatchCondition"),
        list("variables", "Variable"));
    type("ParamKind", f("apiVersion", "string", true), f("kind", "string", true));
    type(
        "MatchResources",
        f("namespaceSelector", "LabelSelector"),
        f("objectSelector", "LabelSelector"),
        list("resourceRules", "NamedRuleWithOperations"),
        list("excludeResourceRules", "NamedRuleWithOperations"),
        e("matchPolicy", "Exact", "Equivalent"));
    type(
        "NamedRuleWithOperations",
        list("resourceNames", "string"),
        new Field(
            "operations",
            "string",
            true,
            false,
            Set.of("*", "CREATE", "UPDATE", "DELETE", "CONNECT")),
        list("apiGroups", "string"),
        list("apiVersions", "string"),
        list("resources", "string"),
        e("scope", "Cluster", "Namespaced", "*"));
    type(
        "LabelSelector",
        f("matchLabels", "map"),
        list("matchExpressions", "LabelSelectorRequirement"));
    type(
        "LabelSelectorRequirement",
        f("key", "string", true),
        new Field(
            "operator", "string", false, true, Set.of("In", "NotIn", "Exists", "DoesNotExist")),
        list("values", "string"));
    type(
        "Validation",
        f("expression", "string", true),
        f("message", "string"),
        e("reason", "Unauthorized", "Forbidden", "Invalid", "RequestEntityTooLarge"),
        f("messageExpression", "string"));
    type("AuditAnnotation", f("key", "string", true), f("valueExpression", "string", true));
    type("MatchCondition", f("name", "string", true), f("expression", "string", true));
    type("Variable", f("name", "string", true), f("expression", "string", true));
    type(
        "ValidatingAdmissionPolicyBinding",
        f("apiVersion", "string", true),
        f("kind", "string", true),
        f("metadata", "ObjectMeta", true),
        f("spec", "ValidatingAdmissionPolicyBindingSpec", true));
    type(
        "ValidatingAdmissionPolicyBindingSpec",
        f("policyName", "string", true),
        f("paramRef", "ParamRef"),
        f("matchResources", "MatchResources"),
        new Field("validationActions", "string", true, true, Set.of("Deny", "Warn", "Audit")));
    type(
        "ParamRef",
        f("name", "string"),
        f("namespace", "string"),
        f("selector", "LabelSelector"),
        e("parameterNotFoundAction", "Allow", "Deny"));
    type(
        "MutatingAdmissionPolicy",
        f("apiVersion", "string", true),
        f("kind", "string", true),
        f("metadata", "ObjectMeta", true),
        f("spec", "MutatingAdmissionPolicySpec", true));
    type(
        "MutatingAdmissionPolicySpec",
        f("paramKind", "ParamKind"),
        f("matchConstraints", "MatchResources", true),
        list("variables", "Variable"),
        new Field("mutations", "Mutation", true, true, null),
        e("failurePolicy", "Ignore", "Fail"),
        list("matchConditions", "MatchCondition"),
        e("reinvocationPolicy", "Never", "IfNeeded"));
    type(
        "Mutation",
        new Field("patchType", "string", false, true, Set.of("ApplyConfiguration", "JSONPatch")),
        f("applyConfiguration", "Expression"),
        f("jsonPatch", "Expression"));
    type("Expression", f("expression", "string"));
    type(
        "MutatingAdmissionPolicyBinding",
        f("apiVersion", "string", true),
        f("kind", "string", true),
        f("metadata", "ObjectMeta", true),
        f("spec", "MutatingAdmissionPolicyBindingSpec", true));
    type(
        "MutatingAdmissionPolicyBindingSpec",
        f("policyName", "string", true),
        f("paramRef", "ParamRef"),
        f("matchResources", "MatchResources"));
  }

  private AdmissionRegistrationSchema() {}

  /**
   * The kinds {@code apiVersion} serves on Kubernetes {@code v}: ValidatingAdmissionPolicy v1 from
   * 1.30; MutatingAdmissionPolicy v1beta1 from 1.34, v1 from 1.36.
   */
  static boolean served(String apiVersion, String kind, KubernetesVersion v) {
    boolean mutating = kind.startsWith("MutatingAdmissionPolicy");
    return switch (apiVersion) {
      case "admissionregistration.k8s.io/v1" -> mutating ? v.atLeast(1, 36) : v.atLeast(1, 30);
      case "admissionregistration.k8s.io/v1beta1" -> mutating && v.atLeast(1, 34);
      default -> false;
    };
  }

  /** Every problem of {@code doc} on Kubernetes {@code v}, as {@code <path>: <problem>}. */
  static List<String> problems(JsonNode doc, KubernetesVersion v) {
    List<String> out = new ArrayList<>();
    String kind = doc.path("kind").asText();
    if (!TYPES.containsKey(kind) || !served(doc.path("apiVersion").asText(), kind, v)) {
      out.add(doc.path("apiVersion").asText() + " " + kind + ": not served by " + v);
      return out;
    }
    check(doc, kind, kind, out);
    JsonNode ref = doc.at("/spec/paramRef");
    if (ref.isObject() && ref.has("name") == ref.has("selector")) {
      out.add(kind + ".spec.paramRef: exactly one of name and selector");
    }
    return out;
  }

  private static void check(JsonNode node, String type, String path, List<String> out) {
    Map<String, Field> fields = TYPES.get(type);
    if (!node.isObject()) {
      out.add(path + ": not an object");
      return;
    }
    node.fieldNames()
        .forEachRemaining(
            name -> {
              if (!fields.containsKey(name)) {
                out.add(path + "." + name + ": unknown field");
              }
            });
    fields.forEach(
        (name, f) -> {
          JsonNode value = node.get(name);
          if (value == null || value.isNull()) {
            if (f.required()) {
              out.add(path + "." + name + ": required");
            }
            return;
          }
          if (f.list()) {
            if (!value.isArray()) {
              out.add(path + "." + name + ": not a list");
              return;
            }
            for (int i = 0; i < value.size(); i++) {
              value(value.get(i), f, path + "." + name + "[" + i + "]", out);
            }
          } else {
            value(value, f, path + "." + name, out);
          }
        });
  }

  private static void value(JsonNode v, Field f, String path, List<String> out) {
    switch (f.type()) {
      case "string" -> {
        if (!v.isTextual()) {
          out.add(path + ": not a string");
        } else if (f.values() != null && !f.values().contains(v.textValue())) {
          out.add(path + ": not one of " + f.values());
        }
      }
      case "map" -> {
        if (!v.isObject()) {
          out.add(path + ": not a map");
        } else {
          v.properties()
              .forEach(
                  e -> {
                    if (!e.getValue().isTextual()) {
                      out.add(path + "[" + e.getKey() + "]: not a string");
                    }
                  });
        }
      }
      default -> check(v, f.type(), path, out);
    }
  }

  private static void type(String name, Field... fields) {
    Map<String, Field> m = new HashMap<>();
    for (Field f : fields) {
      m.put(f.name(), f);
    }
    TYPES.put(name, m);
  }

  private static Field f(String name, String type) {
    return new Field(name, type, false, false, null);
  }

  private static Field f(String name, String type, boolean required) {
    return new Field(name, type, false, required, null);
  }

  private static Field list(String name, String type) {
    return new Field(name, type, true, false, null);
  }

  private static Field e(String name, String... values) {
    return new Field(name, "string", false, false, Set.of(values));
  }
}
