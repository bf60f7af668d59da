package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.webhook.config.WebhookBeans;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Settings that would block evacuations are caught at start (issue 26, part 4). */
class SettingsCheckTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void listSettingsAreTrimmed() {
    assertEquals(
        Set.of("a", Settings.KUBEVIRT_CONTROLLER),
        WebhookBeans.trimmed(Optional.of(List.of("a", " " + Settings.KUBEVIRT_CONTROLLER, " "))));
  }

  @Test
  void anAllowListWithoutKubeVirtsControllerIsAWarning() {
    assertNull(SettingsCheck.requestersWarning(Set.of(Settings.KUBEVIRT_CONTROLLER)));
    assertNull(
        SettingsCheck.requestersWarning(
            Set.of(
                "system:serviceaccount:ops:descheduler",
                "system:serviceaccount:openshift-cnv:kubevirt-controller")));
    String w = SettingsCheck.requestersWarning(Set.of("system:serviceaccount:ops:descheduler"));
    assertNotNull(w);
    assertTrue(w.contains("MIGRATION_GUARD_PRIORITY_REQUESTERS"), w);
    assertNotNull(SettingsCheck.requestersWarning(Set.of()));
  }

  @Test
  void aDefaultTheRulesRefuseIsFound() throws Exception {
    ObjectNode priority =
        (ObjectNode) JSON.readTree("{\"spec\":{\"priority\":\"system-critical\"}}");
    String problem = SettingsCheck.defaultsProblem(engine(Kind.VMIM, priority));
    assertNotNull(problem);
    assertTrue(
        problem.startsWith("migration-guard.defaults.virtualmachineinstancemigration:"), problem);
    assertTrue(problem.contains("[vmim-priority-requester]"), problem);
    ObjectNode negative =
        (ObjectNode) JSON.readTree("{\"spec\":{\"bandwidthPerMigration\":\"-1Mi\"}}");
    assertTrue(
        SettingsCheck.defaultsProblem(engine(Kind.POLICY, negative)).contains("policy-bandwidth"));
  }

  @Test
  void defaultsTheRulesAcceptPass() throws Exception {
    ObjectNode bandwidth =
        (ObjectNode) JSON.readTree("{\"spec\":{\"bandwidthPerMigration\":\"64Mi\"}}");
    assertNull(SettingsCheck.defaultsProblem(engine(Kind.POLICY, bandwidth)));
    assertNull(SettingsCheck.defaultsProblem(Engine.standard(Settings.defaults())));
  }

  private static Engine engine(Kind kind, ObjectNode defaults) {
    return Engine.standard(
        new Settings(Set.of(Settings.KUBEVIRT_CONTROLLER), Map.of(kind, defaults)));
  }
}
