package io.migrationguard.cli.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.cli.FileResult;
import io.migrationguard.cli.LocatedFinding;
import io.migrationguard.cli.Patches;
import io.migrationguard.cli.ResourceResult;
import io.migrationguard.cli.Summary;
import java.io.PrintStream;

/**
 * One JSON document, {@code {"resources": [...], "summary": {...}}}, in the shape of interfaces.md.
 * Streams: one resource per line as it is ready, so memory stays flat on large runs.
 */
public final class JsonReport implements Report {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private final PrintStream out;
  private boolean first = true;

  public JsonReport(PrintStream out) {
    this.out = out;
    out.print("{\"resources\": [");
  }

  @Override
  public void file(FileResult result) {
    StringBuilder sb = new StringBuilder();
    for (ResourceResult r : result.resources()) {
      sb.append(first ? "\n  " : ",\n  ").append(resource(r));
      first = false;
    }
    out.print(sb);
  }

  /** One resource as JSON. */
  public static ObjectNode resource(ResourceResult r) {
    ObjectNode o = NODES.objectNode();
    o.put("filename", r.file());
    o.put("line", r.loc().line());
    o.put("kind", r.kind());
    o.put("name", r.name());
    o.put("namespace", r.namespace());
    o.put("version", r.apiVersion());
    o.put("status", r.status().label());
    ArrayNode findings = o.putArray("findings");
    for (LocatedFinding f : r.findings()) {
      ObjectNode j = findings.addObject();
      j.put("rule", f.finding().rule());
      j.put("severity", f.finding().severity().label());
      j.put("type", f.finding().type().wireName());
      j.put("field", f.field());
      j.put("message", f.message());
      j.put("line", f.loc().line());
      j.put("column", f.loc().column());
    }
    if (r.patch() != null) {
      o.set("patch", Patches.toArray(r.patch()));
    }
    return o;
  }

  @Override
  public void finish(Summary s) {
    ObjectNode o = NODES.objectNode();
    o.put("files", s.files());
    o.put("resources", s.resources());
    o.put("valid", s.valid());
    o.put("invalid", s.invalid());
    o.put("errors", s.errors());
    o.put("skipped", s.skipped());
    o.put("warnings", s.warnings());
    ArrayNode nc = o.putArray("notChecked");
    s.notChecked().forEach(nc::add);
    out.print(first ? "],\n \"summary\":" : "\n ],\n \"summary\":");
    out.print(o);
    out.println("}");
    out.flush();
  }
}
