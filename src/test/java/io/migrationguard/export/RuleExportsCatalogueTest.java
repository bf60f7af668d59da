package io.migrationguard.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.mutate.Defaulters;
import io.migrationguard.core.rules.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every rule of the catalogue is either exported (with at least one check) or listed webhook-only
 * with its reason, every defaulter likewise, and docs/admission-policies.md lists both sets.
 */
class RuleExportsCatalogueTest {
  private static final Path DOC = Path.of("docs", "admission-policies.md");

  @Test
  void everyRuleIsExportedOrWebhookOnly() {
    List<String> catalogue = new ArrayList<>();
    Rules.all(Settings.defaults()).forEach(r -> catalogue.add(r.info().id()));
    var exports = RuleExports.all(Settings.defaults());
    assertEquals(catalogue, new ArrayList<>(exports.keySet()), "in catalogue order");
    exports.forEach(
        (id, e) -> {
          if (e.exported()) {
            assertFalse(e.checks().isEmpty(), id);
            e.checks().forEach(c -> assertEquals(id, c.rule()));
          } else {
            assertFalse(e.webhookOnly().isBlank(), id);
          }
        });
    Set<String> defaulters = new TreeSet<>();
    Defaulters.all().forEach(d -> defaulters.add(d.info().id()));
    assertEquals(defaulters, new TreeSet<>(Mutations.all().keySet()));
  }

  @Test
  void docsListBothSets() throws Exception {
    String doc = Files.readString(DOC);
    Set<String> exported = new TreeSet<>();
    Set<String> webhookOnly = new TreeSet<>();
    RuleExports.all(Settings.defaults())
        .forEach((id, e) -> (e.exported() ? exported : webhookOnly).add(id));
    assertEquals(exported, ids(section(doc, "## Rules the policies enforce")));
    assertEquals(webhookOnly, ids(section(doc, "## Rules that stay in the webhook")));
    Set<String> mutations = new TreeSet<>(Mutations.all().keySet());
    assertEquals(mutations, ids(section(doc, "## Defaulters")));
  }

  private static String section(String doc, String heading) {
    int start = doc.indexOf(heading + "\n");
    int end = doc.indexOf("\n## ", start + heading.length());
    return doc.substring(start, end < 0 ? doc.length() : end);
  }

  /** The ids of a section's table: the backticked first cell of each row. */
  private static Set<String> ids(String section) {
    Set<String> out = new TreeSet<>();
    for (String line : section.split("\n")) {
      if (line.startsWith("| `")) {
        out.add(line.substring(3, line.indexOf('`', 3)));
      }
    }
    return out;
  }
}
