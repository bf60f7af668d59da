package io.migrationguard.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The exported admission policies follow {@code migration-guard.rule-actions}: a rule set to warn
 * moves to the policy bound with {@code Warn}, one set to off is not written (issue 27).
 */
class ExportRuleActionsTest {
  private static final String ACTIONS = "migration-guard.rule-actions";

  private static synchronized PackagedExport.Run export(String actions) {
    String before = System.getProperty(ACTIONS);
    try {
      System.setProperty(ACTIONS, actions);
      return PackagedExport.run("admission-policies");
    } finally {
      if (before == null) {
        System.clearProperty(ACTIONS);
      } else {
        System.setProperty(ACTIONS, before);
      }
    }
  }

  /** The text of the ValidatingAdmissionPolicy named {@code name}, up to the next document. */
  private static String policy(String all, String name) {
    int at = all.indexOf("\n  name: " + name + "\n");
    if (at < 0) {
      return "";
    }
    int end = all.indexOf("\n---", at);
    return all.substring(at, end < 0 ? all.length() : end);
  }

  @Test
  void aWarnRuleGoesToTheWarnPolicyAndAnOffRuleIsLeftOut() {
    String plain = PackagedExport.text();
    assertTrue(
        policy(plain, "migration-guard-virtualmachineinstancemigrations")
            .contains("vmim-priority-enum"),
        "enforced by default");
    PackagedExport.Run r = export("vmim-priority-enum=warn,vmim-vmi-name-format=off");
    assertEquals(0, r.code(), r.err());
    assertFalse(
        policy(r.out(), "migration-guard-virtualmachineinstancemigrations")
            .contains("vmim-priority-enum"),
        "no longer in the Deny policy");
    assertTrue(
        policy(r.out(), "migration-guard-virtualmachineinstancemigrations-warnings")
            .contains("vmim-priority-enum"),
        "in the Warn policy");
    assertFalse(r.out().contains("vmim-vmi-name-format"), "an off rule is not exported");
  }

  @Test
  void aBadActionIsAUsageError() {
    PackagedExport.Run r = export("vmim-priority-enun=warn");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.err().contains("did you mean vmim-priority-enum?"), r.err());
  }
}
