package io.migrationguard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.rules.RuleInfo;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.export.RuleExports;
import io.migrationguard.export.RuleExports.Export;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * docs/admission-policies.md's two rule tables, row by row against the catalogue and {@link
 * RuleExports#all}: one row per rule in catalogue order, in the table its export says; an exported
 * rule's kinds, operations and binding (Deny for an error, Warn for a warning, the KubeVirt CR as
 * parameter exactly when it reads the feature gates) as the code has them; a webhook-only rule's
 * reason word for word as its declaration gives it.
 */
class AdmissionPoliciesDocTest {
  private static final Path DOC = Path.of("docs", "admission-policies.md");
  static final String EXPORTED = "## Rules the policies enforce";
  static final String WEBHOOK_ONLY = "## Rules that stay in the webhook";

  @Test
  void theRuleTablesAreTheCatalogue() throws IOException {
    String doc = Files.readString(DOC);
    assertEquals(List.of(), wrong(doc), "rows of " + DOC + " that differ from the code");
  }

  @Test
  void theCheckCanFail() throws IOException {
    String doc = Files.readString(DOC);
    String row = "| `vmim-no-inflight` | " + exports().get("vmim-no-inflight").webhookOnly() + " |";
    assertFalse(wrong(doc.replace(row + "\n", "")).isEmpty(), "a missing row");
    assertFalse(wrong(doc.replace(row, row.replace("needs", "wants"))).isEmpty(), "a reason");
    String moved =
        doc.replace(row + "\n", "").replace(EXPORTED + "\n", EXPORTED + "\n" + row + "\n");
    assertFalse(wrong(moved).isEmpty(), "a row in the wrong table");
    assertFalse(
        wrong(
                doc.replace(
                    "| `policy-selectors-empty` | MigrationPolicy | CREATE, UPDATE | Warn",
                    "| `policy-selectors-empty` | MigrationPolicy | CREATE, UPDATE | Deny"))
            .isEmpty(),
        "a binding");
  }

  static List<String> wrong(String doc) {
    Map<String, Export> exports = exports();
    List<String> out = new ArrayList<>();
    Map<String, String[]> exported = rows(doc, EXPORTED);
    Map<String, String[]> webhookOnly = rows(doc, WEBHOOK_ONLY);
    List<String> expectedExported = new ArrayList<>();
    List<String> expectedWebhookOnly = new ArrayList<>();
    exports.forEach((id, e) -> (e.exported() ? expectedExported : expectedWebhookOnly).add(id));
    if (!expectedExported.equals(List.copyOf(exported.keySet()))) {
      out.add(EXPORTED + ": rows " + exported.keySet() + ", expected " + expectedExported);
    }
    if (!expectedWebhookOnly.equals(List.copyOf(webhookOnly.keySet()))) {
      out.add(
          WEBHOOK_ONLY + ": rows " + webhookOnly.keySet() + ", expected " + expectedWebhookOnly);
    }
    Map<String, RuleInfo> infos = new LinkedHashMap<>();
    Rules.all(Settings.defaults()).forEach(r -> infos.put(r.info().id(), r.info()));
    exported.forEach(
        (id, cells) -> {
          Export e = exports.get(id);
          if (e == null || !e.exported()) {
            return; // reported above
          }
          RuleInfo info = infos.get(id);
          String expected = kinds(e) + " | " + operations(info) + " | ";
          String binding = info.severity() == Severity.ERROR ? "Deny" : "Warn";
          String actual = cells.length < 4 ? "" : cells[1] + " | " + cells[2] + " | ";
          if (!actual.equals(expected)
              || !cells[3].startsWith(binding)
              || cells[3].contains("KubeVirt CR parameter") != e.needsGates()) {
            out.add(
                "`"
                    + id
                    + "`: expected "
                    + expected
                    + binding
                    + (e.needsGates() ? ", KubeVirt CR parameter" : "")
                    + ", the row says "
                    + String.join(" | ", cells));
          }
        });
    webhookOnly.forEach(
        (id, cells) -> {
          Export e = exports.get(id);
          if (e != null
              && !e.exported()
              && !(cells.length == 2 && cells[1].equals(e.webhookOnly()))) {
            out.add("expected | `" + id + "` | " + e.webhookOnly() + " |");
          }
        });
    return out;
  }

  private static Map<String, Export> exports() {
    return RuleExports.all(Settings.defaults());
  }

  /**
   * The kinds the policies check the rule for: a cluster-scoped object's namespace is cleared
   * before any rule runs, so {@code metadata-namespace} has no validation for MigrationPolicy.
   */
  private static String kinds(Export e) {
    Set<Kind> kinds = new TreeSet<>(e.kinds());
    if (e.rule().equals("metadata-namespace")) {
      kinds.removeIf(k -> !k.namespaced());
    }
    if (kinds.size() == 2) {
      return "both";
    }
    return kinds.iterator().next() == Kind.VMIM ? "VMIM" : "MigrationPolicy";
  }

  private static String operations(RuleInfo info) {
    return info.operations().stream().sorted().map(Enum::name).collect(Collectors.joining(", "));
  }

  /** A section's table rows by the backticked id in their first cell, cells trimmed. */
  private static Map<String, String[]> rows(String doc, String heading) {
    int start = doc.indexOf(heading + "\n");
    if (start < 0) {
      return Map.of();
    }
    int end = doc.indexOf("\n## ", start + heading.length());
    Map<String, String[]> out = new LinkedHashMap<>();
    for (String line : doc.substring(start, end < 0 ? doc.length() : end).split("\n")) {
      if (line.startsWith("| `")) {
        String[] cells = line.substring(2, line.length() - 2).split(" \\| ");
        out.put(cells[0].replace("`", ""), cells);
      }
    }
    return out;
  }
}
