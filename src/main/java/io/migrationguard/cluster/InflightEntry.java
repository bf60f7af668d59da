package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.Kind;
import java.util.List;

/**
 * What an {@link InflightRegistry} entry keeps of an admitted object, and what that costs: the few
 * fields the cluster rules compare, so that a forged 3 MiB review leaves a few hundred bytes.
 */
final class InflightEntry {
  private InflightEntry() {}

  /**
   * What the cluster rules compare of an admitted object, and nothing else: its name, namespace,
   * resource version and the label {@code kubevirt.io/vmi-name}; a policy's selectors; a
   * migration's {@code vmiName}, the {@code migrationID}s of {@code sendTo} and {@code receive},
   * and its phase.
   */
  static JsonNode slim(Kind kind, JsonNode object) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    copy(object, out, "apiVersion");
    copy(object, out, "kind");
    JsonNode meta = object.path("metadata");
    ObjectNode m = out.putObject("metadata");
    copy(meta, m, "name");
    copy(meta, m, "namespace");
    copy(meta, m, "resourceVersion");
    JsonNode label = meta.path("labels").get(Kind.VMI_NAME_LABEL);
    if (label != null) {
      m.putObject("labels").set(Kind.VMI_NAME_LABEL, label);
    }
    JsonNode spec = object.path("spec");
    ObjectNode sp = out.putObject("spec");
    if (kind == Kind.POLICY) {
      copy(spec, sp, "selectors");
    } else {
      copy(spec, sp, "vmiName");
      for (String end : List.of("sendTo", "receive")) {
        JsonNode id = spec.path(end).get("migrationID");
        if (id != null) {
          sp.putObject(end).set("migrationID", id);
        }
      }
      JsonNode phase = object.path("status").get("phase");
      if (phase != null) {
        out.putObject("status").set("phase", phase);
      }
    }
    return out;
  }

  private static void copy(JsonNode from, ObjectNode to, String field) {
    JsonNode v = from.get(field);
    if (v != null) {
      to.set(field, v);
    }
  }

  /** The text an entry holds, as bytes: keys and string values, 2 bytes a character, plus nodes. */
  static long bytes(JsonNode node) {
    long n = 16;
    if (node.isTextual()) {
      return n + 2L * node.textValue().length();
    }
    var fields = node.fields();
    while (fields.hasNext()) {
      var e = fields.next();
      n += 2L * e.getKey().length() + bytes(e.getValue());
    }
    for (JsonNode element : node) {
      if (!node.isObject()) {
        n += bytes(element);
      }
    }
    return n;
  }
}
