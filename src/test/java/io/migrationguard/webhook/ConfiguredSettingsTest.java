package io.migrationguard.webhook;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.core.mutate.JsonPatches;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.Reviews;
import io.migrationguard.webhook.support.TestCertificates;
import io.migrationguard.webhook.support.TlsDir;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Operator settings reach the engine: the priority allow-list, configured defaults and disabled
 * rules.
 */
@QuarkusTest
@TestProfile(ConfiguredSettingsTest.Configured.class)
class ConfiguredSettingsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** alice may set priorities; policies get a bandwidth and a timeout by default. */
  public static class Configured implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "migration-guard.priority-requesters",
              "alice,system:serviceaccount:kubevirt:kubevirt-controller",
          "migration-guard.defaults.migrationpolicy.spec.bandwidthPerMigration", "64Mi",
          "migration-guard.defaults.migrationpolicy",
              "{\"spec\":{\"completionTimeoutPerGiB\":800}}",
          "migration-guard.disabled-rules", "vmim-priority-enum");
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
  void allowListedRequesterMaySetPriority() {
    String review =
        Reviews.vmimCreate(
                "u-prio", "{\"vmiName\":\"vmi\",\"priority\":\"user-triggered\"}", "alice")
            .toString();
    Https.given(base, tls.caCertificate())
        .body(review)
        .post("/validate")
        .then()
        .statusCode(200)
        .body("response.allowed", equalTo(true))
        .body("response.status", nullValue());
    String bob =
        Reviews.vmimCreate(
                "u-prio2", "{\"vmiName\":\"vmi\",\"priority\":\"user-triggered\"}", "bob")
            .toString();
    Https.given(base, tls.caCertificate())
        .body(bob)
        .post("/validate")
        .then()
        .statusCode(200)
        .body("response.allowed", equalTo(false))
        .body("response.status.details.causes[0].field", equalTo("spec.priority"));
  }

  @Test
  void aDisabledRuleIsNotRun() {
    String review =
        Reviews.vmimCreate(
                "u-off",
                "{\"vmiName\":\"vmi\",\"priority\":\"urgent\"}",
                "system:serviceaccount:kubevirt:kubevirt-controller")
            .toString();
    Https.given(base, tls.caCertificate())
        .body(review)
        .post("/validate")
        .then()
        .statusCode(200)
        .body("response.allowed", equalTo(true));
  }

  @Test
  void configuredDefaultsAreAddedOnCreate() throws Exception {
    String review =
        Reviews.policyCreate("u-def", "{\"selectors\":{\"namespaceSelector\":{\"a\":\"b\"}}}")
            .toString();
    String patch =
        Https.given(base, tls.caCertificate())
            .body(review)
            .post("/mutate")
            .then()
            .statusCode(200)
            .body("response.patchType", equalTo("JSONPatch"))
            .extract()
            .path("response.patch");
    JsonNode ops = JSON.readTree(Base64.getDecoder().decode(patch));
    JsonNode patched = JsonPatches.apply(JSON.readTree(review).at("/request/object"), ops);
    assertEquals("64Mi", patched.at("/spec/bandwidthPerMigration").textValue());
    assertEquals(800, patched.at("/spec/completionTimeoutPerGiB").intValue());
  }
}
