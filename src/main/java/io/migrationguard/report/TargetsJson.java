package io.migrationguard.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.placement.NodeVerdict;
import io.migrationguard.core.placement.Placement;
import io.migrationguard.core.placement.ReasonGroup;
import io.migrationguard.core.placement.Unjudged;

/**
 * The {@code targets} object of {@code explain -o json} and of the drain view (docs/explain.md).
 */
public final class TargetsJson {
  private TargetsJson() {}

  public static ObjectNode of(Placement p) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("summary", p.summary());
    o.put("release", p.release());
    if (p.targetPod().noTargetPod() == null) {
      o.putNull("noTargetPod");
    } else {
      o.put("noTargetPod", p.targetPod().noTargetPod());
    }
    ArrayNode feasible = o.putArray("feasible");
    p.feasible().forEach(feasible::add);
    ArrayNode nodes = o.putArray("nodes");
    for (NodeVerdict v : p.nodes()) {
      ObjectNode n = nodes.addObject();
      n.put("name", v.name());
      n.put("fits", v.fits());
      if (v.reason() == null) {
        n.putNull("reason");
      } else {
        n.put("reason", v.reason().text());
        n.put("kind", v.reason().kind().id());
        n.put("key", v.reason().key());
      }
    }
    ArrayNode refused = o.putArray("refused");
    for (ReasonGroup g : p.refused()) {
      ObjectNode r = refused.addObject();
      r.put("kind", g.reason().kind().id());
      r.put("key", g.reason().key());
      r.put("reason", g.reason().text());
      ArrayNode names = r.putArray("nodes");
      g.nodes().forEach(names::add);
    }
    ObjectNode selector = o.putObject("nodeSelector");
    p.targetPod().nodeSelector().forEach(selector::put);
    ArrayNode notJudged = o.putArray("notJudged");
    for (Unjudged u : p.notJudged()) {
      notJudged.addObject().put("id", u.id()).put("what", u.what()).put("inUse", u.inUse());
    }
    ArrayNode notes = o.putArray("notes");
    p.notes().forEach(notes::add);
    return o;
  }
}
