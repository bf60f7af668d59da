package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Findings land on the key of the offending entry; a missing field on its parent. */
class LintLocationTest {
  private static final String POLICY =
      """
      apiVersion: migrations.kubevirt.io/v1alpha1
      kind: MigrationPolicy
      metadata:
        name: nested
      spec:
        selectors:
          namespaceSelector:
            team: 7
      ---
      apiVersion: kubevirt.io/v1
      kind: VirtualMachineInstanceMigration
      metadata:
        name: decentralized
        namespace: prod
      spec:
        vmiName: vm-0
        sendTo:
          migrationID: abc
      """;

  @Test
  void nestedAndMissingFieldsPointAtTheRightLine(@TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("p.yaml");
    Files.writeString(f, POLICY);
    JsonNode json = new ObjectMapper().readTree(LintHarness.run("-o", "json", f.toString()).out());
    Map<String, JsonNode> byField = new HashMap<>();
    for (JsonNode r : json.get("resources")) {
      for (JsonNode finding : r.get("findings")) {
        byField.put(finding.get("field").asText(), finding);
      }
    }
    JsonNode team = byField.get("spec.selectors.namespaceSelector[team]");
    assertEquals(8, team.get("line").intValue(), byField.toString());
    assertEquals(7, team.get("column").intValue());
    JsonNode connect = byField.get("spec.sendTo.connectURL");
    assertTrue(connect != null, "the schema requires connectURL under sendTo: " + byField);
    assertEquals(17, connect.get("line").intValue(), "missing: the parent sendTo");
    assertEquals(3, connect.get("column").intValue());
  }
}
