package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.Reviews;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code migration-guard.rule-actions} in the running service (issue 27): a rule set to warn admits
 * what it would deny, with its finding as a warning, and counts it in {@code
 * migration_guard_rule_warnings_total{rule}}; a rule set to off says nothing.
 */
@QuarkusTest
@TestProfile(RuleActionsWebhookTest.Profile.class)
class RuleActionsWebhookTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The webhook's profile with two rule actions. */
  public static class Profile extends WebhookTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      Map<String, String> m = new HashMap<>(super.getConfigOverrides());
      m.put("migration-guard.rule-actions", "vmim-priority-enum=warn, vmim-selector-label=off");
      return m;
    }
  }

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @Test
  void aRuleSetToWarnAdmitsWithAWarningAndIsCounted() throws Exception {
    double before = warnings("vmim-priority-enum");
    String body =
        Https.given(base, tls.caCertificate())
            .body(
                Reviews.vmimCreate(
                        "ra-1",
                        "{\"vmiName\":\"vmi\",\"priority\":\"urgent\"}",
                        "system:serviceaccount:kubevirt:kubevirt-controller")
                    .toString())
            .post("/validate")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    JsonNode response = JSON.readTree(body).path("response");
    assertTrue(response.path("allowed").asBoolean(), body);
    assertTrue(response.path("warnings").toString().contains("spec.priority"), body);
    assertEquals(before + 1, warnings("vmim-priority-enum"), "counted once");
  }

  private double warnings(String rule) {
    String metrics =
        Https.given(base, tls.caCertificate()).get("/q/metrics").then().extract().asString();
    String prefix = "migration_guard_rule_warnings_total{rule=\"" + rule + "\"}";
    for (String line : metrics.split("\n")) {
      if (line.startsWith(prefix)) {
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return 0;
  }
}
