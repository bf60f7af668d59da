package io.migrationguard.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.YamlMappers;
import java.io.UncheckedIOException;
import java.util.List;

/** The export as one multi-document YAML stream, {@code kubectl apply -f} ready. */
public final class PolicyWriter {
  private static final ObjectMapper YAML = YamlMappers.plain();

  private PolicyWriter() {}

  public static String write(List<ObjectNode> objects, ExportOptions options) {
    StringBuilder sb = new StringBuilder();
    sb.append("# migration-guard admission policies for Kubernetes ")
        .append(options.kubernetes())
        .append("+, from its rule catalogue (export admission-policies).\n")
        .append("# KubeVirt release profile: ")
        .append(options.settings().release().name())
        .append(" (")
        .append(options.settings().release().source())
        .append("); feature gates resolve as that release resolves them.\n")
        .append("# The rules that stay in the webhook, and why: docs/admission-policies.md.\n");
    for (ObjectNode o : objects) {
      sb.append("---\n");
      try {
        sb.append(YAML.writeValueAsString(o));
      } catch (JsonProcessingException e) {
        throw new UncheckedIOException(e);
      }
    }
    return sb.toString();
  }
}
