package io.migrationguard.bench;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Leases ({@code coordination.k8s.io/v1}) of {@link ScaleApiServer}, held in memory: create
 * (409 AlreadyExists when present), get, update (409 Conflict on a stale resourceVersion), patch
 * (JSON merge patch or JSON patch), delete (with a resourceVersion precondition), list (equality
 * label selectors). One lock: the API server is linearizable, so is this.
 */
final class ScaleLeases {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Map<String, ObjectNode> leases = new ConcurrentHashMap<>();
  private final AtomicLong resourceVersion;

  ScaleLeases(AtomicLong resourceVersion) {
    this.resourceVersion = resourceVersion;
  }

  int size() {
    return leases.size();
  }

  record Answer(String category, int status, String body) {}

  /** Answers one request on {@code leases} ({@code name} null: the collection). */
  Answer handle(String method, String ns, String objectName, Map<String, String> q, byte[] body) {
    if (ns == null) {
      return method.equals("GET") && objectName == null
          ? new Answer("LIST leases (all namespaces)", 200, leaseList(null, q))
          : new Answer(
              "NOT-FOUND leases",
              404,
              ScaleApiServer.statusJson(404, "NotFound", "not found", null, null));
    }
    String key = ns + "/" + objectName;
    synchronized (leases) {
      try {
        switch (method) {
          case "GET":
            if (objectName == null) {
              return new Answer("LIST leases", 200, leaseList(ns, q));
            }
            ObjectNode got = leases.get(key);
            return got == null
                ? new Answer("GET leases", 404, leaseNotFound(objectName))
                : new Answer("GET leases", 200, got.toString());
          case "POST":
            {
              ObjectNode lease = (ObjectNode) JSON.readTree(body);
              String name = lease.path("metadata").path("name").asText();
              String k = ns + "/" + name;
              if (leases.containsKey(k)) {
                return new Answer(
                    "CREATE leases",
                    409,
                    ScaleApiServer.statusJson(
                        409,
                        "AlreadyExists",
                        "leases.coordination.k8s.io \"" + name + "\" already exists",
                        name,
                        "leases"));
              }
              ObjectNode meta = (ObjectNode) lease.get("metadata");
              meta.put("namespace", ns)
                  .put("resourceVersion", Long.toString(resourceVersion.incrementAndGet()))
                  .put("uid", UUID.randomUUID().toString())
                  .put(
                      "creationTimestamp",
                      Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
              lease.put("apiVersion", "coordination.k8s.io/v1").put("kind", "Lease");
              leases.put(k, lease);
              return new Answer("CREATE leases", 201, lease.toString());
            }
          case "PUT":
            {
              ObjectNode current = leases.get(key);
              if (current == null) {
                return new Answer("UPDATE leases", 404, leaseNotFound(objectName));
              }
              ObjectNode next = (ObjectNode) JSON.readTree(body);
              String want = next.path("metadata").path("resourceVersion").asText("");
              if (!want.isEmpty()
                  && !want.equals(current.path("metadata").path("resourceVersion").asText())) {
                return new Answer("UPDATE leases (conflict)", 409, conflict(objectName));
              }
              ObjectNode meta = (ObjectNode) next.with("metadata");
              meta.put("namespace", ns)
                  .put("resourceVersion", Long.toString(resourceVersion.incrementAndGet()))
                  .set("uid", current.path("metadata").path("uid"));
              meta.set("creationTimestamp", current.path("metadata").path("creationTimestamp"));
              leases.put(key, next);
              return new Answer("UPDATE leases", 200, next.toString());
            }
          case "PATCH":
            {
              ObjectNode current = leases.get(key);
              if (current == null) {
                return new Answer("PATCH leases", 404, leaseNotFound(objectName));
              }
              ObjectNode next = current.deepCopy();
              JsonNode patch = JSON.readTree(body);
              if (patch.isArray()) {
                jsonPatch(next, (ArrayNode) patch);
              } else {
                mergePatch(next, patch);
              }
              String want = patch.path("metadata").path("resourceVersion").asText("");
              if (!want.isEmpty()
                  && !want.equals(current.path("metadata").path("resourceVersion").asText())) {
                return new Answer("PATCH leases (conflict)", 409, conflict(objectName));
              }
              ((ObjectNode) next.get("metadata"))
                  .put("resourceVersion", Long.toString(resourceVersion.incrementAndGet()));
              leases.put(key, next);
              return new Answer("PATCH leases", 200, next.toString());
            }
          case "DELETE":
            {
              ObjectNode current = leases.get(key);
              if (current == null) {
                return new Answer("DELETE leases", 404, leaseNotFound(objectName));
              }
              JsonNode options = body.length == 0 ? JSON.createObjectNode() : JSON.readTree(body);
              String want = options.path("preconditions").path("resourceVersion").asText("");
              if (!want.isEmpty()
                  && !want.equals(current.path("metadata").path("resourceVersion").asText())) {
                return new Answer("DELETE leases (conflict)", 409, conflict(objectName));
              }
              leases.remove(key);
              return new Answer("DELETE leases", 200, current.toString());
            }
          default:
            return new Answer(
                "NOT-FOUND leases " + method,
                405,
                ScaleApiServer.statusJson(405, "MethodNotAllowed", method, null, null));
        }
      } catch (IOException | ClassCastException e) {
        return new Answer(
            "BAD-REQUEST leases " + method,
            400,
            ScaleApiServer.statusJson(400, "BadRequest", "malformed body", null, null));
      }
    }
  }

  private String leaseList(String ns, Map<String, String> q) {
    Map<String, String> sel = ScaleApiServer.selector(q.get("labelSelector"));
    ObjectNode list =
        JSON.createObjectNode()
            .put("apiVersion", "coordination.k8s.io/v1")
            .put("kind", "LeaseList");
    list.putObject("metadata").put("resourceVersion", Long.toString(resourceVersion.get()));
    ArrayNode items = list.putArray("items");
    for (Map.Entry<String, ObjectNode> e : leases.entrySet()) {
      if (ns != null && !e.getKey().startsWith(ns + "/")) {
        continue;
      }
      Map<String, String> labels = new HashMap<>();
      e.getValue()
          .path("metadata")
          .path("labels")
          .fields()
          .forEachRemaining(f -> labels.put(f.getKey(), f.getValue().asText()));
      if (ScaleApiServer.matches(sel, labels)) {
        items.add(e.getValue());
      }
    }
    return list.toString();
  }

  private static String leaseNotFound(String name) {
    return ScaleApiServer.statusJson(
        404, "NotFound", "leases.coordination.k8s.io \"" + name + "\" not found", name, "leases");
  }

  private static String conflict(String name) {
    return ScaleApiServer.statusJson(
        409,
        "Conflict",
        "Operation cannot be fulfilled on leases.coordination.k8s.io \""
            + name
            + "\": the object has been modified; please apply your changes to the latest version and try again",
        name,
        "leases");
  }

  private static void mergePatch(ObjectNode target, JsonNode patch) {
    patch
        .fields()
        .forEachRemaining(
            f -> {
              if (f.getValue().isNull()) {
                target.remove(f.getKey());
              } else if (f.getValue().isObject()
                  && target.get(f.getKey()) instanceof ObjectNode inner) {
                mergePatch(inner, f.getValue());
              } else {
                target.set(f.getKey(), f.getValue());
              }
            });
  }

  private static void jsonPatch(ObjectNode target, ArrayNode ops) {
    for (JsonNode op : ops) {
      JsonPointer path = JsonPointer.compile(op.path("path").asText());
      JsonNode parent = target.at(path.head());
      String last = path.last().getMatchingProperty();
      if (parent instanceof ObjectNode o) {
        switch (op.path("op").asText()) {
          case "add", "replace" -> o.set(last, op.get("value"));
          case "remove" -> o.remove(last);
          default -> throw new ClassCastException("unsupported op " + op.path("op").asText());
        }
      }
    }
  }
}
