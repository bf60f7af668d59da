package io.migrationguard.cli.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.cli.FileResult;
import io.migrationguard.cli.LocatedFinding;
import io.migrationguard.cli.ResourceResult;
import io.migrationguard.cli.Summary;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;

/**
 * SARIF 2.1.0, the format GitHub code scanning and most CI dashboards ingest: one run, the whole
 * catalogue as {@code tool.driver.rules} (so results stream and {@code ruleIndex} is stable), one
 * result per finding with a physical location ({@code startLine >= 1}) and the field path as a
 * logical location.
 */
public final class SarifReport implements Report {
  static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final PrintStream out;
  private final Map<String, Integer> ruleIndex = new HashMap<>();
  private boolean first = true;

  public SarifReport(PrintStream out, ReportContext context) {
    this.out = out;
    ObjectNode tool = NODES.objectNode();
    ObjectNode driver = tool.putObject("driver");
    driver.put("name", "migration-guard");
    driver.put("version", context.version());
    ArrayNode rules = driver.putArray("rules");
    for (RuleDoc d : context.rules()) {
      ruleIndex.put(d.id(), rules.size());
      ObjectNode r = rules.addObject();
      r.put("id", d.id());
      r.putObject("shortDescription").put("text", d.description());
      r.putObject("defaultConfiguration").put("level", d.severity());
    }
    out.print(
        "{\"$schema\": \""
            + SCHEMA
            + "\", \"version\": \"2.1.0\", \"runs\": [{\n \"tool\": "
            + tool
            + ",\n \"results\": [");
  }

  @Override
  public void file(FileResult result) {
    StringBuilder sb = new StringBuilder();
    for (ResourceResult r : result.resources()) {
      for (LocatedFinding f : r.findings()) {
        sb.append(first ? "\n  " : ",\n  ").append(result(r, f));
        first = false;
      }
    }
    out.print(sb);
  }

  private ObjectNode result(ResourceResult r, LocatedFinding f) {
    ObjectNode o = NODES.objectNode();
    String rule = f.finding().rule();
    o.put("ruleId", rule);
    Integer index = ruleIndex.get(rule);
    if (index != null) {
      o.put("ruleIndex", index);
    }
    o.put("level", f.finding().isError() ? "error" : "warning");
    o.putObject("message").put("text", r.label() + ": " + f.rendered());
    ObjectNode loc = o.putArray("locations").addObject();
    ObjectNode physical = loc.putObject("physicalLocation");
    physical.putObject("artifactLocation").put("uri", Uris.of(r.file()));
    ObjectNode region = physical.putObject("region");
    region.put("startLine", f.loc().line());
    region.put("startColumn", f.loc().column());
    ObjectNode logical = loc.putArray("logicalLocations").addObject();
    String field = f.field();
    logical.put("fullyQualifiedName", field.isEmpty() ? r.label() : r.label() + "/" + field);
    logical.put("kind", field.isEmpty() ? "object" : "member");
    return o;
  }

  @Override
  public void finish(Summary summary) {
    out.println(first ? "]}]}" : "\n ]}]}");
    out.flush();
  }
}
