package io.migrationguard.deploy;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The attributes a Kubernetes API server authorizes a request by, resolved from its method, path
 * and query the way k8s.io/apiserver's {@code RequestInfoFactory.NewRequestInfo} does
 * (kubernetes/kubernetes, staging/src/k8s.io/apiserver/pkg/endpoints/request/requestinfo.go): POST
 * is {@code create}, PUT {@code update}, PATCH {@code patch}; a GET without a name is {@code list},
 * or {@code watch} when {@code watch} is set to anything but false/0; a DELETE without a name is
 * {@code deletecollection}; a list or watch with the field selector {@code metadata.name=X} names
 * X. Written for these tests from that description; a path outside {@code /api} and {@code /apis}
 * is a non-resource request.
 *
 * @param verb the RBAC verb
 * @param group the API group ("" for the core group)
 * @param resource the resource (plural), "" for a non-resource request
 * @param subresource the subresource, or ""
 * @param namespace the namespace, "" for a cluster-scoped request
 * @param name the object's name, or ""
 * @param path the request's path, for messages
 */
record RequestInfo(
    String verb,
    String group,
    String resource,
    String subresource,
    String namespace,
    String name,
    String path) {
  private static final Set<String> SPECIAL_VERBS = Set.of("proxy", "watch");
  private static final Set<String> NAMESPACE_SUBRESOURCES = Set.of("status", "finalize");

  boolean isResourceRequest() {
    return !resource.isEmpty();
  }

  /** {@code resource} or {@code resource/subresource}, as RBAC rules name it. */
  String resourceWithSub() {
    return subresource.isEmpty() ? resource : resource + "/" + subresource;
  }

  /** The attributes of {@code method pathAndQuery} (the request line's target). */
  static RequestInfo of(String method, String pathAndQuery) {
    int q = pathAndQuery.indexOf('?');
    String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
    String query = q < 0 ? "" : pathAndQuery.substring(q + 1);
    String lower = method.toLowerCase(Locale.ROOT);
    List<String> parts = split(path);
    RequestInfo nonResource = new RequestInfo(lower, "", "", "", "", "", path);
    if (parts.size() < 3 || !(parts.get(0).equals("api") || parts.get(0).equals("apis"))) {
      return nonResource;
    }
    String group = "";
    boolean grouped = parts.get(0).equals("apis"); // /api is the core group's, without a group
    parts = parts.subList(1, parts.size());
    if (grouped) {
      if (parts.size() < 3) {
        return nonResource;
      }
      group = parts.get(0);
      parts = parts.subList(1, parts.size());
    }
    parts = parts.subList(1, parts.size()); // the version
    String verb;
    if (SPECIAL_VERBS.contains(parts.get(0)) && parts.size() >= 2) {
      verb = parts.get(0);
      parts = parts.subList(1, parts.size());
    } else {
      verb =
          switch (method) {
            case "POST" -> "create";
            case "GET", "HEAD" -> "get";
            case "PUT" -> "update";
            case "PATCH" -> "patch";
            case "DELETE" -> "delete";
            default -> "";
          };
    }
    String namespace = "";
    if (parts.get(0).equals("namespaces")) {
      if (parts.size() > 1) {
        namespace = parts.get(1);
        if (parts.size() > 2 && !NAMESPACE_SUBRESOURCES.contains(parts.get(2))) {
          parts = parts.subList(2, parts.size());
        }
      }
    }
    String resource = parts.get(0);
    String name = parts.size() >= 2 ? parts.get(1) : "";
    String sub = parts.size() >= 3 && !verb.equals("proxy") ? parts.get(2) : "";
    if (name.isEmpty() && verb.equals("get")) {
      String watch = param(query, "watch");
      verb =
          watch == null || watch.equalsIgnoreCase("false") || watch.equals("0") ? "list" : "watch";
    }
    if (name.isEmpty() && (verb.equals("list") || verb.equals("watch"))) {
      // A list or watch of one object by field selector is authorized as naming it.
      String selector = param(query, "fieldSelector");
      if (selector != null && selector.matches("metadata\\.name==?[^,=!]+")) {
        name = selector.substring(selector.lastIndexOf('=') + 1);
      }
    }
    if (name.isEmpty() && verb.equals("delete")) {
      verb = "deletecollection";
    }
    return new RequestInfo(verb, group, resource, sub, namespace, name, path);
  }

  private static List<String> split(String path) {
    List<String> out = new ArrayList<>();
    for (String p : path.replaceAll("^/+|/+$", "").split("/")) {
      if (!p.isEmpty()) {
        out.add(p);
      }
    }
    return out;
  }

  private static String param(String query, String key) {
    for (String kv : query.split("&")) {
      int eq = kv.indexOf('=');
      String k = URLDecoder.decode(eq < 0 ? kv : kv.substring(0, eq), StandardCharsets.UTF_8);
      if (k.equals(key)) {
        return eq < 0 ? "" : URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8);
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return verb
        + " "
        + (group.isEmpty() ? "" : group + "/")
        + resourceWithSub()
        + (namespace.isEmpty() ? "" : " in " + namespace)
        + (name.isEmpty() ? "" : " named " + name)
        + " ("
        + path
        + ")";
  }
}
