package io.migrationguard.core.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DefaultsConfigTest {
  private static Map<Kind, ObjectNode> read(Map<String, String> props) {
    return DefaultsConfig.read(props.keySet(), name -> Optional.ofNullable(props.get(name)));
  }

  @Test
  void leavesBecomeAPartialObjectWithQuantitiesKeptAsStrings() throws Exception {
    Map<Kind, ObjectNode> d =
        read(
            Map.of(
                "migration-guard.defaults.migrationpolicy.spec.bandwidthPerMigration", "64Mi",
                "migration-guard.defaults.migrationpolicy.spec.completionTimeoutPerGiB", "800",
                "migration-guard.defaults.migrationpolicy.spec.allowAutoConverge", "true",
                "migration-guard.defaults.migrationpolicy.spec.experimental.stallDetector.ewmaAlpha",
                    "0.5",
                "migration-guard.defaults.MigrationPolicy.metadata.labels.\"example.com/team\"",
                    "\"42\"",
                "other.property", "x"));
    assertEquals(
        json(
            "{\"spec\":{\"bandwidthPerMigration\":\"64Mi\",\"completionTimeoutPerGiB\":800,"
                + "\"allowAutoConverge\":true,\"experimental\":{\"stallDetector\":{\"ewmaAlpha\":\"0.5\"}}},"
                + "\"metadata\":{\"labels\":{\"example.com/team\":\"42\"}}}"),
        d.get(Kind.POLICY));
    assertTrue(!d.containsKey(Kind.VMIM));
  }

  @Test
  void jsonSpellingIsMergedUnderLeaves() throws Exception {
    Map<Kind, ObjectNode> d =
        read(
            Map.of(
                "migration-guard.defaults.virtualmachineinstancemigration",
                "{\"spec\":{\"priority\":\"user-triggered\",\"addedNodeSelector\":{\"a\":\"b\"}}}",
                "migration-guard.defaults.virtualmachineinstancemigration.spec.addedNodeSelector.c",
                "d"));
    assertEquals(
        json(
            "{\"spec\":{\"priority\":\"user-triggered\",\"addedNodeSelector\":{\"a\":\"b\",\"c\":\"d\"}}}"),
        d.get(Kind.VMIM));
  }

  @Test
  void mistakesStopTheStart() {
    assertThrows(
        IllegalArgumentException.class,
        () -> read(Map.of("migration-guard.defaults.pod.spec.x", "1")));
    assertThrows(
        IllegalArgumentException.class,
        () -> read(Map.of("migration-guard.defaults.migrationpolicy", "[1]")));
    assertThrows(
        IllegalArgumentException.class,
        () -> read(Map.of("migration-guard.defaults.migrationpolicy.spec..x", "1")));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            read(
                Map.of(
                    "migration-guard.defaults.migrationpolicy", "{\"spec\":1}",
                    "migration-guard.defaults.migrationpolicy.spec.x", "1")));
  }

  private static JsonNode json(String s) throws Exception {
    return new ObjectMapper().readTree(s);
  }
}
