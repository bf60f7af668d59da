package io.migrationguard.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.model.Severity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Parsing and checking {@code migration-guard.rule-actions} (and the lint config's rules:). */
class RuleActionsTest {
  private static final List<String> KNOWN = Rules.engineIds(Settings.defaults());

  private static String refused(String... entries) {
    return assertThrows(
            IllegalArgumentException.class, () -> Rules.parseActions(List.of(entries), KNOWN))
        .getMessage();
  }

  @Test
  void parsesTrimmedEntriesOfTheThreeActions() {
    Map<String, RuleAction> a =
        Rules.parseActions(
            List.of(
                " vmim-priority-enum = warn",
                "policy-selectors-tie=DENY",
                "vmim-will-queue=off",
                ""),
            KNOWN);
    assertEquals(
        Map.of(
            "vmim-priority-enum", RuleAction.WARN,
            "policy-selectors-tie", RuleAction.DENY,
            "vmim-will-queue", RuleAction.OFF),
        a);
    Settings s = Settings.defaults().withActions(a);
    assertTrue(s.disabledRules().contains("vmim-will-queue"));
    assertEquals(Severity.WARNING, s.severityOf("vmim-priority-enum", Severity.ERROR));
    assertEquals(Severity.ERROR, s.severityOf("policy-selectors-tie", Severity.WARNING));
    assertEquals(Severity.ERROR, s.severityOf("policy-bandwidth", Severity.ERROR));
  }

  @Test
  void refusesWhatItCannotApplyInOneLine() {
    assertEquals(
        "unknown rule vmim-priority-enun: did you mean vmim-priority-enum?",
        refused("vmim-priority-enun=warn"));
    assertEquals(
        "vmim-priority-enum: the action must be deny, warn or off, got \"audit\"",
        refused("vmim-priority-enum=audit"));
    assertTrue(refused("vmim-priority-enum").contains("is not id=deny|warn|off"));
    assertEquals(
        "vmim-priority-enum is given twice, as warn and as off",
        refused("vmim-priority-enum=warn", "vmim-priority-enum=off"));
    assertEquals("rule schema cannot be relaxed (warn)", refused("schema=warn"));
    assertEquals("rule invalid-object cannot be relaxed (off)", refused("invalid-object=off"));
    assertTrue(refused("policy-selector-matchlabels=warn").contains("cannot warn only"));
    Rules.parseActions(List.of("schema=deny", "policy-selector-matchlabels=off"), KNOWN);
  }
}
