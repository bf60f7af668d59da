package io.migrationguard.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** An export read back from its YAML text, as kubectl would read it. */
final class ExportedDocuments {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private ExportedDocuments() {}

  static List<ObjectNode> parse(String text) {
    List<ObjectNode> out = new ArrayList<>();
    try (var parser = YAML.getFactory().createParser(text)) {
      for (var it = YAML.readValues(parser, JsonNode.class); it.hasNext(); ) {
        JsonNode doc = it.next();
        if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
          out.add((ObjectNode) doc);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** Every problem of every document on Kubernetes {@code v}. */
  static List<String> problems(List<ObjectNode> docs, KubernetesVersion v) {
    List<String> out = new ArrayList<>();
    for (ObjectNode d : docs) {
      for (String p : AdmissionRegistrationSchema.problems(d, v)) {
        out.add(d.at("/metadata/name").asText() + ": " + p);
      }
    }
    return out;
  }
}
