package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lint config's {@code rules:} map: deny, warn or off per rule (docs/configuration.md). */
class LintRuleActionsTest {
  private static final String POLICY =
      "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata:\n"
          + "  name: slow\nspec:\n  bandwidthPerMigration: 500m\n"
          + "  selectors:\n    namespaceSelector:\n      team: a\n";

  @TempDir Path tmp;

  private String file(String name, String text) throws Exception {
    Path f = tmp.resolve(name);
    Files.writeString(f, text);
    return f.toString();
  }

  @Test
  void aRuleSetToWarnNoLongerFailsTheRun() throws Exception {
    String p = file("p.yaml", POLICY);
    LintHarness.Result enforced = LintHarness.run(p);
    assertEquals(1, enforced.code(), enforced.out());
    assertTrue(enforced.out().contains("error [policy-bandwidth-meaning]"), enforced.out());
    String cfg = file("cfg.yaml", "rules:\n  policy-bandwidth-meaning: warn\n");
    LintHarness.Result warned = LintHarness.run("--config", cfg, p);
    assertEquals(0, warned.code(), warned.out() + warned.err());
    assertTrue(warned.out().contains("warning [policy-bandwidth-meaning]"), warned.out());
    String off = file("off.yaml", "rules:\n  policy-bandwidth-meaning: off\n");
    LintHarness.Result silent = LintHarness.run("--config", off, p);
    assertEquals(0, silent.code(), silent.out());
    assertFalse(silent.out().contains("policy-bandwidth-meaning"), silent.out());
  }

  @Test
  void badEntriesStopTheRunWithOneLine() throws Exception {
    String p = file("p.yaml", POLICY);
    for (String[] bad :
        new String[][] {
          {"rules:\n  policy-bandwith-meaning: warn\n", "did you mean policy-bandwidth-meaning?"},
          {
            "rules:\n  policy-bandwidth-meaning: audit\n",
            "policy-bandwidth-meaning: the action must be deny, warn or off, got \"audit\""
          },
          {"rules:\n  vmim-priority-requester: block\n", "got \"block\""},
          {"rules:\n  vmim-priority-requester: 3\n", "got 3"},
          {"rules:\n  schema: off\n", "cannot be disabled"},
          {"rules:\n  duplicate-key: warn\n", "can only be off"},
          {"rules: [a]\n", "rules must be a map"}
        }) {
      String cfg = file("bad.yaml", bad[0]);
      LintHarness.Result r = LintHarness.run("--config", cfg, p);
      assertEquals(2, r.code(), bad[0] + ": " + r.out() + r.err());
      assertTrue(r.err().contains(bad[1]), bad[0] + ": " + r.err());
    }
  }
}
