package io.migrationguard.webhook.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.core.rules.Settings;
import io.migrationguard.export.RuleExports;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code migration-guard.skip-exported-rules}: the service leaves out exactly the rules the
 * exported admission policies enforce, on top of the disabled ones, and nothing when it is off.
 */
class SkipExportedRulesTest {
  private static Settings settings(boolean skip, List<String> disabled) {
    return settings(skip, disabled, List.of());
  }

  private static Settings settings(boolean skip, List<String> disabled, List<String> actions) {
    return new WebhookBeans()
        .settings(
            Optional.empty(),
            Optional.of(disabled),
            Optional.of(actions),
            skip,
            new SmallRyeConfigBuilder().build());
  }

  @Test
  void skipsTheExportedRulesOnly() {
    Set<String> expected = new HashSet<>(RuleExports.exportedIds(Settings.defaults()));
    expected.add("policy-selectors-tie");
    assertEquals(expected, settings(true, List.of("policy-selectors-tie")).disabledRules());
    assertTrue(expected.contains("vmim-priority-enum"));
    assertTrue(!expected.contains("vmim-vmi-migratable"), "a cluster rule stays in the webhook");
  }

  @Test
  void ruleActionsAndDisabledRulesCombineAndMustAgree() {
    Settings s = settings(false, List.of("vmim-will-queue"), List.of("vmim-priority-enum=warn"));
    assertEquals(Set.of("vmim-will-queue"), s.disabledRules());
    assertEquals(
        io.migrationguard.core.model.Severity.WARNING,
        s.severityOf("vmim-priority-enum", io.migrationguard.core.model.Severity.ERROR));
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () -> settings(false, List.of("vmim-will-queue"), List.of("vmim-will-queue=deny")));
    assertTrue(e.getMessage().contains("keep one"), e.getMessage());
  }

  @Test
  void offByDefaultLeavesTheCatalogueWhole() {
    assertEquals(Set.of(), settings(false, List.of()).disabledRules());
  }
}
