package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.mutate.Defaulter;
import io.migrationguard.core.mutate.Defaulters;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.report.RuleDoc;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/rules.md} is derived from the catalogue (one heading per rule id: the anchors SARIF's
 * {@code helpUri} points at), never written by hand. After a change to a rule, regenerate it with
 * {@code -Drules.doc.update=true} and read the diff.
 */
class RuleReferenceTest {
  private static final Path DOC = Path.of("docs/rules.md");

  @Test
  void theRuleReferenceIsTheCatalogue() throws IOException {
    String expected = render();
    if (Boolean.getBoolean("rules.doc.update")) {
      Files.writeString(DOC, expected, StandardCharsets.UTF_8);
    }
    assertEquals(expected, Files.readString(DOC, StandardCharsets.UTF_8));
  }

  static String render() {
    StringBuilder sb = new StringBuilder();
    sb.append("# Rule reference\n\n")
        .append("Generated from the rule catalogue by `RuleReferenceTest` (regenerate with\n")
        .append(
            "`./mvnw test -Dtest=RuleReferenceTest -Drules.doc.update=true`). Every id a finding")
        .append(
            " can carry,\nin the order findings are reported. `error` denies (webhook) or fails")
        .append(" (lint); `warning` is\nreturned as an admission warning or a lint warning. `lint");
    sb.append(" --list-rules` prints the same table.\n\n");
    sb.append("| id | kinds | severity | what |\n|---|---|---|---|\n");
    for (RuleDoc d : Catalogue.of(Rules.all(Settings.defaults()))) {
      sb.append("| [`")
          .append(d.id())
          .append("`](#")
          .append(d.id())
          .append(") | ")
          .append(kinds(d))
          .append(" | ")
          .append(d.severity())
          .append(" | ")
          .append(d.description())
          .append(" |\n");
    }
    for (RuleDoc d : Catalogue.of(Rules.all(Settings.defaults()))) {
      sb.append("\n### ").append(d.id()).append("\n\n");
      sb.append("- **Kinds:** ").append(kinds(d)).append("\n");
      sb.append("- **Severity:** ").append(d.severity()).append("\n");
      sb.append("- **What:** ").append(d.description()).append("\n");
      sb.append("- **Fix:** ").append(d.fix()).append("\n");
      where(d.id()).ifPresent(w -> sb.append("- **Enforced by:** ").append(w).append("\n"));
    }
    sb.append("\n## Defaulting (`/mutate`, `lint --show-patch`)\n\n");
    sb.append("| id | what |\n|---|---|\n");
    for (Defaulter d : Defaulters.all()) {
      sb.append("| `").append(d.info().id()).append("` | ").append(d.info().description());
      sb.append(" |\n");
    }
    return sb.toString();
  }

  /**
   * Where a catalogue rule is enforced: the webhook, and the API server's admission policies when
   * it is exported (docs/admission-policies.md); empty for entries that are not rules.
   */
  private static java.util.Optional<String> where(String id) {
    return Rules.all(Settings.defaults()).stream()
        .map(r -> r.info())
        .filter(i -> i.id().equals(id))
        .findFirst()
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
