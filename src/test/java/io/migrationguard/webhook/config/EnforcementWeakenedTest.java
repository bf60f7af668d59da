package io.migrationguard.webhook.config;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.TestCertificates;
import io.migrationguard.webhook.support.TlsDir;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The three settings that let anyone set {@code spec.priority} in issue 37, each named in readiness
 * and in the gauge {@code migration_guard_enforcement_weakened{setting,rule}}.
 */
@QuarkusTest
@TestProfile(EnforcementWeakenedTest.Weakening.class)
class EnforcementWeakenedTest {
  public static class Weakening implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "migration-guard.disabled-rules", "vmim-priority-requester",
          "migration-guard.rule-actions", "vmim-priority-enum=warn",
          "migration-guard.skip-exported-rules", "true");
    }

    @Override
    public List<TestResourceEntry> testResources() {
      return List.of(new TestResourceEntry(TestCertificates.class));
    }
  }

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @Test
  void readinessAndTheGaugeNameEachWeakenedRule() {
    Https.given(base, tls.caCertificate())
        .get("/q/health/ready")
        .then()
        .statusCode(200)
        .body("checks.find { it.name == 'enforcement' }.status", equalTo("UP"))
        .body(
            "checks.find { it.name == 'enforcement' }.data.'disabled-rules'",
            equalTo("vmim-priority-requester"))
        .body(
            "checks.find { it.name == 'enforcement' }.data.'rule-actions'",
            equalTo("vmim-priority-enum"))
        .body(
            "checks.find { it.name == 'enforcement' }.data.'skip-exported-rules'",
            containsString("vmim-priority-enum"));
    Https.given(base, tls.caCertificate())
        .get("/q/metrics")
        .then()
        .body(
            containsString(
                "migration_guard_enforcement_weakened{rule=\"vmim-priority-requester\",setting=\"disabled-rules\"} 1.0"))
        .body(
            containsString(
                "migration_guard_enforcement_weakened{rule=\"vmim-priority-enum\",setting=\"rule-actions\"} 1.0"))
        .body(
            containsString(
                "migration_guard_enforcement_weakened{rule=\"vmim-priority-enum\",setting=\"skip-exported-rules\"} 1.0"));
  }
}
