package io.migrationguard.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.PatchOp;
import java.util.List;

/** JSON Patch helpers for tests: the wire form of a patch, and applying one (RFC 6902). */
public final class Patches {
  private Patches() {}

  /** {@code [{"op":..,"path":..,"value":..}]}, {@code value} left out for {@code remove}. */
  public static ArrayNode toJson(List<PatchOp> patch) {
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    for (PatchOp op : patch) {
      ObjectNode o = out.addObject().put("op", op.op()).put("path", op.path());
      if (!op.op().equals("remove")) {
        o.set("value", op.value());
      }
    }
    return out;
  }

  /** Applies {@code patch} to {@code doc} in place. */
  public static void apply(JsonNode doc, List<PatchOp> patch) {
    for (PatchOp op : patch) {
      switch (op.op()) {
        case "add" -> Pointers.add(doc, op.path(), op.value().deepCopy());
        case "replace" -> Pointers.replace(doc, op.path(), op.value().deepCopy());
        case "remove" -> Pointers.remove(doc, op.path());
        default -> throw new IllegalArgumentException("unsupported op " + op.op());
      }
    }
  }
}
