package io.migrationguard.audit;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Cluster lookups on against the mock API server, the audit on, as replica audit-a. */
public class AuditProfile implements QuarkusTestProfile {
  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of(
        "migration-guard.cluster", "on",
        "migration-guard.kubevirt-version", "v1.9",
        "migration-guard.audit.interval", "1m",
        "migration-guard.pod-namespace", "migration-guard",
        "migration-guard.pod-name", "audit-a");
  }
}
