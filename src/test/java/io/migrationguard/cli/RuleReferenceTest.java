package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.mutate.Defaulter;
import io.migrationguard.core.mutate.Defaulters;
import io.migrationguard.core.rules.RuleInfo;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.report.RuleDoc;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/rules.md} and its pages per kind are derived from the catalogue, never written by
 * hand. rules.md is the index: one row per rule id, anchored by the id (the anchors SARIF's {@code
 * helpUri} points at), linking to the rule's section on its kind's page. After a change to a rule,
 * regenerate them with {@code -Drules.doc.update=true} and read the diff.
 */
class RuleReferenceTest {
  private static final Path DIR = Path.of("docs");

  /** The pages, index first: file name, title, and which rules it holds (by their kinds). */
  private record Page(String file, String title, Predicate<RuleDoc> holds) {}

  private static final List<Page> PAGES =
      List.of(
          new Page(
              "rules-migration.md",
              "Rules for VirtualMachineInstanceMigration",
              d -> d.kinds().equals(List.of("VirtualMachineInstanceMigration"))),
          new Page(
              "rules-policy.md",
              "Rules for MigrationPolicy",
              d -> d.kinds().equals(List.of("MigrationPolicy"))),
          new Page("rules-document.md", "Rules for every document", d -> d.kinds().size() != 1));

  @Test
  void theRuleReferenceIsTheCatalogue() throws IOException {
    Map<String, String> expected = render();
    for (var e : expected.entrySet()) {
      if (Boolean.getBoolean("rules.doc.update")) {
        Files.writeString(DIR.resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
      }
      assertEquals(e.getValue(), Files.readString(DIR.resolve(e.getKey()), StandardCharsets.UTF_8));
    }
  }

  /** Every rule is on exactly one page. */
  @Test
  void everyRuleHasOnePage() {
    for (RuleDoc d : Catalogue.of(Rules.all(Settings.defaults()))) {
      assertEquals(1, PAGES.stream().filter(p -> p.holds().test(d)).count(), d.id());
    }
  }

  /** The generated pages by file name: rules.md, then one page per kind. */
  static Map<String, String> render() {
    List<RuleDoc> docs = Catalogue.of(Rules.all(Settings.defaults()));
    Map<String, String> out = new LinkedHashMap<>();
    StringBuilder sb = new StringBuilder();
    sb.append("# Rule reference\n\n")
        .append("Generated from the rule catalogue by `RuleReferenceTest` (regenerate with\n")
        .append(
            "`./mvnw test -Dtest=RuleReferenceTest -Drules.doc.update=true`). Every id a finding")
        .append(
            " can carry,\nin the order findings are reported. `error` denies (webhook) or fails")
        .append(" (lint); `warning` is\nreturned as an admission warning or a lint warning. `lint");
    sb.append(" --list-rules` prints the same table.\n\n");
    sb.append("Each rule's kinds, operations, fix and where it is enforced: ");
    sb.append(
        String.join(
            ", ", PAGES.stream().map(p -> "[" + p.title() + "](" + p.file() + ")").toList()));
    sb.append(".\n\n");
    sb.append("| id | kinds | severity | what |\n|---|---|---|---|\n");
    for (RuleDoc d : docs) {
      sb.append("| <a id=\"")
          .append(d.id())
          .append("\"></a>[`")
          .append(d.id())
          .append("`](")
          .append(page(d).file())
          .append("#")
          .append(d.id())
          .append(") | ")
          .append(kinds(d))
          .append(" | ")
          .append(d.severity())
          .append(" | ")
          .append(d.description())
          .append(" |\n");
    }
    sb.append("\n## Defaulting (`/mutate`, `lint --show-patch`)\n\n");
    sb.append("| id | what |\n|---|---|\n");
    for (Defaulter d : Defaulters.all()) {
      sb.append("| `").append(d.info().id()).append("` | ").append(d.info().description());
      sb.append(" |\n");
    }
    out.put("rules.md", sb.toString());
    for (Page p : PAGES) {
      StringBuilder page = new StringBuilder();
      page.append("# ").append(p.title()).append("\n\n");
      page.append("Generated from the rule catalogue by `RuleReferenceTest`, in the order");
      page.append(" findings are reported;\nthe index of every rule is [rules.md](rules.md).\n");
      for (RuleDoc d : docs) {
        if (!p.holds().test(d)) {
          continue;
        }
        page.append("\n### ").append(d.id()).append("\n\n");
        page.append("- **Kinds:** ").append(kinds(d)).append("\n");
        operations(d.id()).ifPresent(o -> page.append("- **Operations:** ").append(o).append("\n"));
        page.append("- **Severity:** ").append(d.severity()).append("\n");
        page.append("- **What:** ").append(d.description()).append("\n");
        page.append("- **Fix:** ").append(d.fix()).append("\n");
        where(d.id()).ifPresent(w -> page.append("- **Enforced by:** ").append(w).append("\n"));
      }
      out.put(p.file(), page.toString());
    }
    return out;
  }

  private static Page page(RuleDoc d) {
    return PAGES.stream().filter(p -> p.holds().test(d)).findFirst().orElseThrow();
  }

  /** The declaration of catalogue rule {@code id}; empty for entries that are not rules. */
  private static Optional<RuleInfo> declared(String id) {
    return Rules.all(Settings.defaults()).stream()
        .map(r -> r.info())
        .filter(i -> i.id().equals(id))
        .findFirst();
  }

  /** The operations a catalogue rule runs for; empty for entries that are not rules. */
  private static Optional<String> operations(String id) {
    return declared(id)
        .map(
            i ->
                i.operations().stream().sorted().map(Enum::name).collect(Collectors.joining(", ")));
  }

  /**
   * Where a catalogue rule is enforced: the webhook, and the API server's admission policies when
   * it is exported (docs/admission-policies.md); empty for entries that are not rules.
   */
  private static Optional<String> where(String id) {
    return declared(id)
        .map(
            i ->
                i.exported()
                    ? "the webhook, or a ValidatingAdmissionPolicy (`export admission-policies`)"
                    : "the webhook only: " + i.webhookOnly());
  }

  private static String kinds(RuleDoc d) {
    return d.kinds().isEmpty() ? "any document" : String.join(", ", d.kinds());
  }
}
