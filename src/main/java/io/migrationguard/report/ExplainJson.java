package io.migrationguard.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.explain.Explanation;
import io.migrationguard.core.explain.PolicyMatch;
import io.migrationguard.core.explain.Setting;
import io.migrationguard.core.placement.Placement;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code explain -o json}, for scripts: one object, its keys documented in docs/explain.md. Field
 * values are JSON as KubeVirt writes them in the VMI's status ({@code null} where unset).
 */
public final class ExplainJson {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ExplainJson() {}

  public static String render(Explanation e, String releaseFrom) {
    return render(e, releaseFrom, null);
  }

  /**
   * With {@code targets} (the target-node view, docs/placement.md) as the {@code targets} key, or
   * without it when null.
   */
  public static String render(Explanation e, String releaseFrom, Placement targets) {
    ObjectNode o = JSON.createObjectNode();
    o.put("release", e.release().name());
    o.put("releaseFrom", releaseFrom);
    ObjectNode vmi = o.putObject("vmi");
    vmi.put("namespace", e.namespace());
    vmi.put("name", e.vmi());
    ObjectNode vl = vmi.putObject("labels");
    e.vmiLabels().forEach(vl::put); // null: the target node, not chosen yet
    ObjectNode nl = o.putObject("namespaceLabels");
    e.namespaceLabels().forEach(nl::put);
    ArrayNode policies = o.putArray("policies");
    List<PolicyMatch> sorted = new ArrayList<>(e.choice().matches());
    sorted.sort(ExplainText.ORDER);
    for (PolicyMatch m : sorted) {
      ObjectNode p = policies.addObject();
      p.put("name", m.policy().name());
      p.put("origin", m.policy().origin());
      p.put("matches", m.matches());
      if (m.matches()) {
        p.put("vmiLabels", m.vmiLabels());
        p.put("namespaceLabels", m.namespaceLabels());
        p.put("total", m.total());
      } else {
        p.put("failure", m.failure());
        p.put("dependsOnTargetNode", m.onTargetNode());
      }
    }
    if (e.choice().chosen() == null) {
      o.putNull("chosen");
    } else {
      o.put("chosen", e.choice().chosen().policy().name());
    }
    ArrayNode tied = o.putArray("tied");
    e.choice().tied().forEach(tied::add);
    o.put("policyNameRecorded", e.config().policyNameRecorded());
    ArrayNode config = o.putArray("configuration");
    for (Setting s : e.config().settings()) {
      ObjectNode f = config.addObject();
      f.put("field", s.field());
      f.set("value", s.value() == null ? JSON.nullNode() : s.value());
      f.put("origin", s.origin().id());
      if (s.from() != null) {
        f.put("policy", s.from());
      }
      f.put("policyMaySet", s.policyMaySet());
    }
    if (e.config().experimental() != null) {
      o.set("experimental", e.config().experimental());
    }
    ArrayNode pruned = o.putArray("pruned");
    e.config().pruned().forEach(pruned::add);
    ArrayNode problems = o.putArray("problems");
    e.config().problems().forEach(problems::add);
    if (targets != null) {
      o.set("targets", TargetsJson.of(targets));
    }
    return TerminalText.json(o.toPrettyString()) + "\n";
  }
}
