package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code lint --stored -}: what {@code kubectl get vmim -A -o yaml} prints judged as {@code lint
 * --cluster} and the audit judge it (issue 37): a Succeeded migration is history, not a migration
 * in flight that a new one for the same VMI would collide with.
 */
class LintStoredTest {
  private static final String LISTED =
      """
      apiVersion: v1
      kind: List
      items:
      - apiVersion: kubevirt.io/v1
        kind: VirtualMachineInstanceMigration
        metadata: {name: yesterday, namespace: a}
        spec: {vmiName: vm1}
        status: {phase: Succeeded}
      - apiVersion: kubevirt.io/v1
        kind: VirtualMachineInstanceMigration
        metadata: {name: today, namespace: a}
        spec: {vmiName: vm1}
        status: {phase: Pending}
      """;

  @Test
  void aFinishedMigrationIsNotInFlight() {
    LintHarness.Result files = LintHarness.runWithStdin(LISTED, "-");
    assertTrue(files.out().contains("vmim-no-inflight"), "as files: " + files.out());
    LintHarness.Result stored = LintHarness.runWithStdin(LISTED, "--stored", "-");
    assertEquals(0, stored.code(), stored.out() + stored.err());
    assertFalse(stored.out().contains("vmim-no-inflight"), stored.out());
  }

  @Test
  void theClusterLintJudgesTheSameObjectsTheSameWay(@org.junit.jupiter.api.io.TempDir Path tmp)
      throws Exception {
    try (MockCluster c = new MockCluster(tmp)) {
      for (String item : LISTED.substring(LISTED.indexOf("- ") + 2).split("\n- ")) {
        c.create(io.migrationguard.cluster.ApiResource.VMIM, item.replace("\n  ", "\n"));
      }
      LintHarness.Result r = LintHarness.run("--cluster");
      assertEquals(0, r.code(), r.out() + r.err());
      assertFalse(r.out().contains("vmim-no-inflight"), r.out());
    }
  }

  @Test
  void storedIsForFilesTheClusterModeJudgesStoredObjectsItself() {
    LintHarness.Result r = LintHarness.run("--cluster", "--stored");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--cluster judges stored objects already"), r.err());
  }
}
