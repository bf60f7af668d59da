package io.migrationguard.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.PatchOp;
import java.util.List;

/** JSON Patch operations as JSON, the way the webhook sends them. */
public final class Patches {
  private Patches() {}

  /** One operation: {@code {"op":"add","path":"/a","value":1}}. */
  public static ObjectNode toNode(PatchOp op) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("op", op.op());
    o.put("path", op.path());
    if (op.value() != null) {
      o.set("value", op.value());
    }
    return o;
  }

  /** The whole patch as a JSON array. */
  public static ArrayNode toArray(List<PatchOp> patch) {
    ArrayNode a = JsonNodeFactory.instance.arrayNode();
    patch.forEach(op -> a.add(toNode(op)));
    return a;
  }

  /** The whole patch as compact JSON text. */
  public static String toJson(List<PatchOp> patch) {
    return toArray(patch).toString();
  }
}
