package io.migrationguard.webhook;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.Reviews;
import io.migrationguard.webhook.support.TlsDir;
import io.migrationguard.webhook.support.WebhookTestProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A cluster lookup that cannot be answered (API server down, cache not synced) denies with 503,
 * naming the lookup, instead of letting the object through unexamined.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class ClusterUnavailableTest {
  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @BeforeEach
  void unreachableCluster() {
    QuarkusMock.installMockForType(new Unreachable(), ClusterView.class);
  }

  @Test
  void lookupFailureIsA503() {
    String review = Reviews.vmimCreate("u-503", "{\"vmiName\":\"vmi\"}", "alice").toString();
    Https.given(base, tls.caCertificate())
        .body(review)
        .post("/validate")
        .then()
        .statusCode(200)
        .body("response.uid", equalTo("u-503"))
        .body("response.allowed", equalTo(false))
        .body("response.status.code", equalTo(503))
        .body("response.status.reason", equalTo("ServiceUnavailable"))
        .body("response.status.message", containsString("could not look up VirtualMachineInstance"))
        .body("response.status.message", containsString("connection refused"));
  }

  /** A cluster view that answers every lookup with "unreachable". */
  static final class Unreachable implements ClusterView {
    @Override
    public Set<Lookup> supports() {
      return EnumSet.allOf(Lookup.class);
    }

    @Override
    public Optional<JsonNode> vmi(String namespace, String name) {
      throw new ClusterUnavailableException(Lookup.VMI, "connection refused");
    }

    @Override
    public List<JsonNode> migrations(String namespace) {
      throw new ClusterUnavailableException(Lookup.MIGRATIONS, "connection refused");
    }

    @Override
    public List<JsonNode> migrationPolicies() {
      throw new ClusterUnavailableException(Lookup.POLICIES, "connection refused");
    }

    @Override
    public FeatureGates featureGates() {
      return FeatureGates.defaults();
    }
  }
}
