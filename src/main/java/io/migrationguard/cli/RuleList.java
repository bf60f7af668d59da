package io.migrationguard.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.report.Format;
import io.migrationguard.report.RuleDoc;
import java.io.PrintStream;
import java.util.List;

/** {@code --list-rules}: the catalogue as an aligned table. */
final class RuleList {
  private RuleList() {}

  /** The catalogue as a table, or with {@code -o json} as a JSON array. */
  static void print(List<RuleDoc> docs, Format format, PrintStream out) {
    if (format == Format.JSON) {
      ArrayNode all = JsonNodeFactory.instance.arrayNode();
      for (RuleDoc d : docs) {
        ObjectNode r = all.addObject();
        r.put("id", d.id());
        d.kinds().forEach(r.putArray("kinds")::add);
        r.put("severity", d.severity());
        r.put("description", d.description());
        r.put("fix", d.fix());
      }
      out.println(all.toPrettyString());
      return;
    }
    print(docs, out);
  }

  static void print(List<RuleDoc> docs, PrintStream out) {
    int id = "ID".length();
    int kinds = "KINDS".length();
    for (RuleDoc d : docs) {
      id = Math.max(id, d.id().length());
      kinds = Math.max(kinds, kinds(d).length());
    }
    String fmt = "%-" + id + "s  %-" + kinds + "s  %-8s  %s%n";
    out.printf(fmt, "ID", "KINDS", "SEVERITY", "DESCRIPTION");
    for (RuleDoc d : docs) {
      out.printf(fmt, d.id(), kinds(d), d.severity(), d.description());
    }
  }

  private static String kinds(RuleDoc d) {
    return d.kinds().isEmpty() ? "any" : String.join(",", d.kinds());
  }
}
