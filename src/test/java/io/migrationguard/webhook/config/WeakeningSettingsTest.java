package io.migrationguard.webhook.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.core.rules.RuleAction;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.export.RuleExports;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One entry per weakened rule and the setting that weakens it; nothing by default. */
class WeakeningSettingsTest {
  @Test
  void nothingIsWeakenedByDefault() {
    assertEquals(List.of(), WeakeningSettings.of(Set.of(), Map.of(), false, Settings.defaults()));
  }

  @Test
  void eachSettingNamesItsRulesInOneLineEach() {
    var all =
        WeakeningSettings.of(
            Set.of("vmim-priority-requester"),
            Map.of(
                "vmim-priority-enum", RuleAction.WARN,
                "vmim-will-queue", RuleAction.OFF,
                "policy-selectors-tie", RuleAction.DENY),
            true,
            Settings.defaults());
    assertEquals(
        new WeakeningSettings.Weakened("disabled-rules", "vmim-priority-requester", "is not run"),
        all.get(0));
    assertEquals("rule-actions", all.get(1).setting());
    assertEquals("vmim-priority-enum", all.get(1).rule());
    assertEquals(
        "Enforcement weakened by migration-guard.rule-actions: rule vmim-priority-enum only warns"
            + " (its findings never deny)",
        all.get(1).line());
    assertEquals("vmim-will-queue", all.get(2).rule());
    assertEquals(
        RuleExports.exportedIds(Settings.defaults()).size(),
        all.stream().filter(w -> w.setting().equals("skip-exported-rules")).count());
    assertTrue(all.stream().noneMatch(w -> w.rule().equals("policy-selectors-tie")), "deny");
  }
}
