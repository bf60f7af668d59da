package io.migrationguard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The settings checked before start: the packaged defaults pass, each bad value is one line. */
class SettingsPreflightTest {
  private static List<String> problems(Map<String, String> set) {
    var defaults = SettingsPreflight.ofThisProcess();
    return SettingsPreflight.problems(
        name -> set.containsKey(name) ? Optional.of(set.get(name)) : defaults.apply(name));
  }

  @Test
  void thePackagedDefaultsPass() {
    assertEquals(List.of(), problems(Map.of()));
  }

  @Test
  void eachBadValueIsOneLineNamingTheSettingItsVariableAndWhatIsAllowed() {
    Map<String, String> bad = new HashMap<>();
    bad.put("migration-guard.port", "70000");
    bad.put("migration-guard.host", "not a host!");
    bad.put("migration-guard.kubevirt-version", "v1.2");
    bad.put("migration-guard.cluster.lookup-timeout", "0s");
    bad.put("migration-guard.review-threads", "0");
    bad.put("migration-guard.skip-exported-rules", "yes");
    bad.put("migration-guard.rule-actions", "vmim-priority-enun=warn");
    bad.put("migration-guard.disabled-rules", "no-such-rule");
    bad.put("migration-guard.tls.cert", "/no/such/cert.pem");
    bad.put("migration-guard.audit.interval", "10s");
    List<String> lines = problems(bad);
    assertEquals(bad.size(), lines.size(), String.join("\\n", lines));
    for (String line : lines) {
      String name = line.substring(0, line.indexOf(':'));
      assertTrue(bad.containsKey(name), line);
      assertTrue(line.contains("(" + SettingsPreflight.envName(name) + ")"), line);
    }
    assertTrue(
        lines.contains(
            "migration-guard.review-threads: '0' (MIGRATION_GUARD_REVIEW_THREADS): a number of threads from 1 to 1024"),
        lines.toString());
    assertTrue(
        String.join("\\n", lines).contains("did you mean vmim-priority-enum?"), lines.toString());
  }
}
