package io.migrationguard.webhook;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import io.vertx.core.Context;
import java.net.URL;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * Which thread judges a review: the event loop when nothing can wait, a worker when the review may
 * wait on the cluster (here: the lock that serialises migrations of one VMI, and its lookups). A
 * cluster lookup on the event loop would stall every connection of that loop.
 */
@QuarkusTest
@TestProfile(WebhookTestProfile.class)
class ReviewThreadsTest {
  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;

  @Test
  void aReviewThatMayWaitOnTheClusterIsJudgedOffTheEventLoop() {
    Recording view = new Recording(EnumSet.allOf(Lookup.class));
    QuarkusMock.installMockForType(view, ClusterView.class);
    allowed(Reviews.vmimCreate("t-worker", "{\"vmiName\":\"vmi\"}", "alice").toString());
    assertEquals(Set.of(false), Set.copyOf(view.onEventLoop), "lookups made on the event loop");
  }

  @Test
  void aReviewThatCannotWaitStaysOnTheEventLoop() {
    // Feature gates only: no lock, no lookup that can block. sendTo makes a rule ask for them.
    Recording view = new Recording(EnumSet.of(Lookup.FEATURE_GATES));
    QuarkusMock.installMockForType(view, ClusterView.class);
    String spec =
        "{\"vmiName\":\"vmi\",\"sendTo\":{\"connectURL\":\"https://target.example.com:9185\","
            + "\"migrationID\":\"mig-1\"}}";
    allowed(Reviews.vmimCreate("t-loop", spec, "alice").toString());
    assertEquals(Set.of(true), Set.copyOf(view.onEventLoop), "lookups made off the event loop");
  }

  private void allowed(String review) {
    Https.given(base, tls.caCertificate())
        .body(review)
        .post("/validate")
        .then()
        .statusCode(200)
        .body("response.allowed", equalTo(true));
  }

  /** An empty cluster that records, for every lookup, whether it ran on an event-loop thread. */
  static final class Recording implements ClusterView {
    private static final ObjectMapper JSON = new ObjectMapper();
    final ConcurrentLinkedQueue<Boolean> onEventLoop = new ConcurrentLinkedQueue<>();
    private final Set<Lookup> supports;

    Recording(Set<Lookup> supports) {
      this.supports = supports;
    }

    private void record() {
      onEventLoop.add(Context.isOnEventLoopThread());
    }

    @Override
    public Set<Lookup> supports() {
      return supports;
    }

    @Override
    public Optional<JsonNode> vmi(String namespace, String name) {
      record();
      // A running VMI without conditions: migratable, so the review is allowed.
      ObjectNode vmi = JSON.createObjectNode();
      vmi.put("apiVersion", "kubevirt.io/v1").put("kind", "VirtualMachineInstance");
      vmi.putObject("metadata").put("name", name).put("namespace", namespace);
      vmi.putObject("status").put("phase", "Running");
      return Optional.of(vmi);
    }

    @Override
    public List<JsonNode> migrations(String namespace) {
      record();
      return List.of();
    }

    @Override
    public List<JsonNode> migrationPolicies() {
      record();
      return List.of();
    }

    @Override
    public FeatureGates featureGates() {
      record();
      return FeatureGates.defaults();
    }
  }
}
