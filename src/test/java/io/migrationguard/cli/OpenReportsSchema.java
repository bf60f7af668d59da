package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The OpenReports CRDs ({@code schemas-external/}, openreports/reports-api v0.2.1): a report is one
 * their openAPIV3Schema accepts, with no field the schema does not declare (a structural schema
 * prunes those, so nothing may rely on them).
 */
public final class OpenReportsSchema {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Map<String, JsonNode> OPEN_API = new HashMap<>();
  private static final Map<String, Schema> SCHEMAS = new HashMap<>();

  static {
    SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4);
    for (String[] crd :
        new String[][] {
          {"Report", "openreports.io_reports.yaml"},
          {"ClusterReport", "openreports.io_clusterreports.yaml"}
        }) {
      try (InputStream in =
          OpenReportsSchema.class.getResourceAsStream("/schemas-external/" + crd[1])) {
        JsonNode openApi = YAML.readTree(in).at("/spec/versions/0/schema/openAPIV3Schema");
        OPEN_API.put(crd[0], openApi);
        SCHEMAS.put(crd[0], registry.getSchema(openApi));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private OpenReportsSchema() {}

  /** Fails unless the CRD of {@code d}'s kind accepts it whole. */
  public static void assertAccepted(JsonNode d) {
    String kind = d.path("kind").asText();
    assertEquals("openreports.io/v1alpha1", d.path("apiVersion").asText());
    List<String> errors = new ArrayList<>();
    for (Error e : SCHEMAS.get(kind).validate(d)) {
      errors.add(e.toString());
    }
    assertEquals(List.of(), errors, kind + ": " + d);
    undeclared(OPEN_API.get(kind), d, kind, errors);
    assertEquals(List.of(), errors, "fields the CRD does not declare");
  }

  private static void undeclared(JsonNode schema, JsonNode value, String at, List<String> out) {
    if (value.isObject()) {
      JsonNode props = schema.path("properties");
      JsonNode additional = schema.path("additionalProperties");
      for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (props.has(e.getKey())) {
          undeclared(props.get(e.getKey()), e.getValue(), at + "." + e.getKey(), out);
        } else if (additional.isObject()) {
          undeclared(additional, e.getValue(), at + "." + e.getKey(), out);
        } else if (!schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)
            && !at.endsWith(".metadata")) {
          out.add(at + "." + e.getKey());
        }
      }
    } else if (value.isArray()) {
      for (JsonNode v : value) {
        undeclared(schema.path("items"), v, at + "[]", out);
      }
    }
  }
}
