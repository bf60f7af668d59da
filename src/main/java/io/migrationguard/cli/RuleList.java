package io.migrationguard.cli;

import io.migrationguard.cli.output.RuleDoc;
import java.io.PrintStream;
import java.util.List;

/** {@code --list-rules}: the catalogue as an aligned table. */
final class RuleList {
  private RuleList() {}

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
