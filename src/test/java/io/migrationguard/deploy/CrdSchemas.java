package io.migrationguard.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The custom resources migration-guard ships, checked against their CRDs' {@code openAPIV3Schema}
 * as the API server decodes them with strict field validation: a field the schema does not declare
 * is an error, unless its object says {@code x-kubernetes-preserve-unknown-fields: true} or has
 * {@code additionalProperties}; types, {@code enum} and {@code required} are checked too. The CRDs
 * are unmodified copies in src/test/resources/schemas-external/ (their sources: the README there).
 * {@code metadata} is an ObjectMeta, checked as a typed model by {@link StrictDecoding}.
 */
final class CrdSchemas {
  private static final Path DIR = Path.of("src", "test", "resources", "schemas-external");

  /** apiVersion + "/" + kind, and the CRD file that defines it. */
  private static final Map<String, String> FILES =
      Map.of(
          "monitoring.coreos.com/v1/ServiceMonitor", "monitoring.coreos.com_servicemonitors.yaml",
          "monitoring.coreos.com/v1/PrometheusRule", "monitoring.coreos.com_prometheusrules.yaml",
          "cert-manager.io/v1/Certificate", "cert-manager.io_certificates.yaml",
          "cert-manager.io/v1/Issuer", "cert-manager.io_issuers.yaml",
          "openreports.io/v1alpha1/Report", "openreports.io_reports.yaml",
          "openreports.io/v1alpha1/ClusterReport", "openreports.io_clusterreports.yaml");

  private CrdSchemas() {}

  /** The schema of {@code apiVersion} {@code kind}, when one of the copied CRDs defines it. */
  static Optional<JsonNode> schema(String apiVersion, String kind) {
    String file = FILES.get(apiVersion + "/" + kind);
    if (file == null) {
      return Optional.empty();
    }
    JsonNode crd = Manifests.readAll(DIR.resolve(file)).get(0);
    String version = apiVersion.substring(apiVersion.indexOf('/') + 1);
    for (JsonNode v : crd.at("/spec/versions")) {
      if (v.path("name").asText().equals(version)) {
        return Optional.of(v.at("/schema/openAPIV3Schema"));
      }
    }
    return Optional.empty();
  }

  /** Adds to {@code problems} each way {@code node} at {@code path} breaks {@code schema}. */
  static void check(JsonNode node, JsonNode schema, String path, List<String> problems) {
    if (node.isNull() && schema.path("nullable").asBoolean()) {
      return;
    }
    if (schema.path("x-kubernetes-int-or-string").asBoolean()) {
      if (!node.isIntegralNumber() && !node.isTextual()) {
        problems.add(path + ": an integer or a string, not " + node.getNodeType());
      }
      return;
    }
    if (schema.has("enum") && !contains(schema.path("enum"), node)) {
      problems.add(path + ": " + node + " is not one of " + schema.path("enum"));
    }
    String type = schema.path("type").asText();
    switch (type) {
      case "object" -> object(node, schema, path, problems);
      case "array" -> {
        if (!node.isArray()) {
          problems.add(path + ": an array, not " + node.getNodeType());
          return;
        }
        for (int i = 0; i < node.size(); i++) {
          check(node.get(i), schema.path("items"), path + "[" + i + "]", problems);
        }
      }
      case "string" -> expect(node.isTextual(), node, type, path, problems);
      case "integer" -> expect(node.isIntegralNumber(), node, type, path, problems);
      case "number" -> expect(node.isNumber(), node, type, path, problems);
      case "boolean" -> expect(node.isBoolean(), node, type, path, problems);
      default -> {} // no type: anything (structural schemas only allow it with preserve-unknown)
    }
  }

  private static void object(JsonNode node, JsonNode schema, String path, List<String> problems) {
    if (!node.isObject()) {
      problems.add(path + ": an object, not " + node.getNodeType());
      return;
    }
    JsonNode properties = schema.path("properties");
    JsonNode additional = schema.path("additionalProperties");
    boolean preserve = schema.path("x-kubernetes-preserve-unknown-fields").asBoolean();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      String at = path.isEmpty() ? f.getKey() : path + "." + f.getKey();
      if (path.isEmpty() && f.getKey().equals("metadata")) {
        continue; // an ObjectMeta: the typed check's
      }
      if (properties.has(f.getKey())) {
        check(f.getValue(), properties.get(f.getKey()), at, problems);
      } else if (additional.isObject()) {
        check(f.getValue(), additional, at, problems);
      } else if (!preserve && !additional.asBoolean(false)) {
        problems.add(at + ": unknown field");
      }
    }
    for (JsonNode r : schema.path("required")) {
      if (!node.has(r.asText())) {
        problems.add((path.isEmpty() ? "" : path + ".") + r.asText() + ": required");
      }
    }
  }

  private static void expect(
      boolean ok, JsonNode node, String type, String path, List<String> problems) {
    if (!ok) {
      problems.add(path + ": a " + type + ", not " + node.getNodeType() + " " + node);
    }
  }

  private static boolean contains(JsonNode values, JsonNode node) {
    for (JsonNode v : values) {
      if (v.equals(node)) {
        return true;
      }
    }
    return false;
  }
}
