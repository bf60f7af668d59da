package io.migrationguard.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the RBAC objects of a rendered install grant one ServiceAccount, authorized the way the
 * Kubernetes RBAC authorizer does (kubernetes/kubernetes, plugin/pkg/auth/authorizer/rbac/rbac.go
 * and pkg/apis/rbac/v1/evaluation_helpers.go): a ClusterRoleBinding grants its ClusterRole's rules
 * everywhere; a RoleBinding grants its Role's (or ClusterRole's) rules in the binding's namespace
 * only; a rule allows a request when its verbs, apiGroups and resources (or {@code
 * resource/subresource}) hold the request's, {@code *} matching anything, and its resourceNames,
 * when it has any, hold the request's name (a request without a name, such as a create or a list,
 * never matches a rule with resourceNames).
 */
final class RbacRules {
  /** One rule as bound: {@code namespace} is "" for a cluster-wide grant. */
  record Grant(String source, String namespace, JsonNode rule) {
    boolean allows(RequestInfo r, String verb) {
      if (!namespace.isEmpty() && !namespace.equals(r.namespace())) {
        return false;
      }
      if (!r.isResourceRequest()) {
        return false; // no rule here names non-resource URLs (RbacTest)
      }
      return has(rule.path("verbs"), verb)
          && has(rule.path("apiGroups"), r.group())
          && has(rule.path("resources"), r.resourceWithSub())
          && (rule.path("resourceNames").isEmpty() || names(r.name()));
    }

    boolean allows(RequestInfo r) {
      return allows(r, r.verb());
    }

    private boolean names(String name) {
      if (name.isEmpty()) {
        return false;
      }
      for (JsonNode n : rule.path("resourceNames")) {
        if (n.asText().equals(name)) {
          return true;
        }
      }
      return false;
    }

    private static boolean has(JsonNode list, String value) {
      for (JsonNode v : list) {
        if (v.asText().equals("*") || v.asText().equals(value)) {
          return true;
        }
      }
      return false;
    }

    @Override
    public String toString() {
      return source + (namespace.isEmpty() ? "" : " (in " + namespace + ")") + " " + rule;
    }
  }

  private final List<Grant> grants;

  private RbacRules(List<Grant> grants) {
    this.grants = List.copyOf(grants);
  }

  /** The rules {@code objects} bind to ServiceAccount {@code namespace/name}. */
  static RbacRules boundTo(List<JsonNode> objects, String namespace, String name) {
    Map<String, JsonNode> roles = new LinkedHashMap<>();
    for (JsonNode o : objects) {
      String kind = o.path("kind").asText();
      if (kind.equals("ClusterRole") || kind.equals("Role")) {
        String ns = kind.equals("Role") ? o.at("/metadata/namespace").asText() : "";
        roles.put(kind + "/" + ns + "/" + o.at("/metadata/name").asText(), o);
      }
    }
    List<Grant> grants = new ArrayList<>();
    for (JsonNode b : objects) {
      String kind = b.path("kind").asText();
      if (!kind.equals("ClusterRoleBinding") && !kind.equals("RoleBinding")) {
        continue;
      }
      if (!subjectIs(b, namespace, name)) {
        continue;
      }
      String bindingNs = kind.equals("RoleBinding") ? b.at("/metadata/namespace").asText() : "";
      String refKind = b.at("/roleRef/kind").asText();
      String refNs = refKind.equals("Role") ? bindingNs : "";
      JsonNode role = roles.get(refKind + "/" + refNs + "/" + b.at("/roleRef/name").asText());
      if (role == null) {
        throw new AssertionError(kind + " " + b.at("/metadata/name").asText() + ": no " + refKind);
      }
      String source = kind + " " + b.at("/metadata/name").asText() + " -> " + refKind;
      for (JsonNode rule : role.path("rules")) {
        grants.add(new Grant(source + " " + role.at("/metadata/name").asText(), bindingNs, rule));
      }
    }
    return new RbacRules(grants);
  }

  private static boolean subjectIs(JsonNode binding, String namespace, String name) {
    for (JsonNode s : binding.path("subjects")) {
      if (s.path("kind").asText().equals("ServiceAccount")
          && s.path("name").asText().equals(name)
          && s.path("namespace").asText().equals(namespace)) {
        return true;
      }
    }
    return false;
  }

  List<Grant> grants() {
    return grants;
  }

  /** Whether some bound rule allows {@code r}. */
  boolean allows(RequestInfo r) {
    return grants.stream().anyMatch(g -> g.allows(r));
  }

  /**
   * Each granted verb of each rule that none of {@code requests} needed, per group and resource the
   * rule names: for every one, some request of that verb, group and resource that this rule allows
   * must exist.
   */
  Set<String> unused(List<RequestInfo> requests) {
    Set<String> out = new TreeSet<>();
    for (Grant g : grants) {
      for (JsonNode v : g.rule().path("verbs")) {
        for (JsonNode group : g.rule().path("apiGroups")) {
          for (JsonNode resource : g.rule().path("resources")) {
            String verb = v.asText();
            boolean used =
                requests.stream()
                    .anyMatch(
                        r ->
                            r.verb().equals(verb)
                                && r.group().equals(group.asText())
                                && r.resourceWithSub().equals(resource.asText())
                                && g.allows(r, verb));
            if (!used) {
              out.add(verb + " " + group.asText() + "/" + resource.asText() + " of " + g);
            }
          }
        }
      }
    }
    return out;
  }
}
