package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.deploy.EngineCoverage.Pair;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Both webhook configurations hold the safe settings, reach the Service, and ask for exactly the
 * kinds and operations the engine acts on: no more (needless latency and risk), no less (unchecked
 * objects).
 */
class WebhookConfigurationTest {
  private final Manifests m = Manifests.base();

  @Test
  void validatingWebhooksAreSafeAndFailClosed() {
    for (JsonNode w : webhooks("ValidatingWebhookConfiguration")) {
      assertSafe(w, "/validate");
      assertFalse(w.has("reinvocationPolicy"), "validating webhooks are not reinvoked");
    }
  }

  @Test
  void mutatingWebhooksAreSafeAndIdempotentlyReinvoked() {
    for (JsonNode w : webhooks("MutatingWebhookConfiguration")) {
      assertSafe(w, "/mutate");
      assertEquals("IfNeeded", w.path("reinvocationPolicy").asText(), name(w));
    }
  }

  @Test
  void validatingRulesCoverExactlyWhatTheEngineValidates() {
    assertEquals(EngineCoverage.validated(), covered("ValidatingWebhookConfiguration"));
  }

  @Test
  void mutatingRulesCoverExactlyWhatTheDefaultersChange() {
    assertEquals(EngineCoverage.mutated(), covered("MutatingWebhookConfiguration"));
  }

  @Test
  void theEngineReviewsCreateAndUpdateOfBothKinds() {
    // Pins what the probe behind the two tests above finds, so a probe that silently found
    // nothing (or everything) cannot make them pass; DELETE and CONNECT are allowed untouched.
    Set<Pair> all = new HashSet<>();
    for (Kind k : Kind.values()) {
      all.add(new Pair(k, Operation.CREATE));
      all.add(new Pair(k, Operation.UPDATE));
    }
    assertEquals(all, EngineCoverage.examined());
  }

  @Test
  void webhookNamesAreUniqueAndFullyQualified() {
    Set<String> names = new HashSet<>();
    for (String kind : List.of("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration")) {
      for (JsonNode w : webhooks(kind)) {
        assertTrue(name(w).matches("[a-z0-9-]+(\\.[a-z0-9-]+){2,}"), "qualified: " + name(w));
        assertTrue(names.add(kind + "/" + name(w)), "unique: " + name(w));
      }
    }
  }

  private void assertSafe(JsonNode w, String path) {
    String n = name(w);
    assertEquals("[\"v1\"]", w.path("admissionReviewVersions").toString(), n);
    // Validation takes a reservation Lease (never on a dry run): a side effect, declared.
    assertEquals(
        path.equals("/validate") ? "NoneOnDryRun" : "None", w.path("sideEffects").asText(), n);
    assertEquals("Equivalent", w.path("matchPolicy").asText(), n);
    // Fail for everyone but KubeVirt's controller; Ignore for the controller's own entry.
    assertEquals(forController(w) ? "Ignore" : "Fail", w.path("failurePolicy").asText(), n);
    int timeout = w.path("timeoutSeconds").asInt(10);
    assertTrue(timeout >= 1 && timeout <= 3, n + " timeoutSeconds " + timeout);
    JsonNode service = w.at("/clientConfig/service");
    JsonNode svc = m.one("Service");
    assertFalse(w.at("/clientConfig").has("url"), n + ": reached through the Service, not a URL");
    assertEquals(svc.at("/metadata/name").asText(), service.path("name").asText(), n);
    assertEquals(svc.at("/metadata/namespace").asText(), service.path("namespace").asText(), n);
    assertEquals(svc.at("/spec/ports/0/port").asInt(), service.path("port").asInt(), n);
    assertEquals(path, service.path("path").asText(), n);
    assertTrue(w.at("/clientConfig").has("caBundle"), n + ": caBundle placeholder");
    assertExcludesOwnNamespace(w);
  }

  /**
   * Each webhook is two entries that differ only in name, failure policy and one match condition:
   * the requester is KubeVirt's controller (failing open) or anyone else (failing closed), so every
   * request matches exactly one of the two.
   */
  @Test
  void eachWebhookIsSplitByTheRequester() {
    for (String kind : List.of("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration")) {
      List<JsonNode> all = webhooks(kind);
      assertEquals(0, all.size() % 2, kind);
      for (int i = 0; i < all.size(); i += 2) {
        JsonNode users = all.get(i);
        JsonNode controller = all.get(i + 1);
        assertFalse(forController(users), name(users));
        assertTrue(forController(controller), name(controller));
        assertEquals(
            name(users).replaceFirst("\\.", "-kubevirt-controller."), name(controller), kind);
        assertEquals(withoutSplit(users), withoutSplit(controller), name(controller));
        assertEquals(
            "request.userInfo.username != '" + CONTROLLER + "'",
            users.at("/matchConditions/0/expression").asText(),
            name(users));
        assertEquals(
            "request.userInfo.username == '" + CONTROLLER + "'",
            controller.at("/matchConditions/0/expression").asText(),
            name(controller));
      }
    }
  }

  private static final String CONTROLLER = "system:serviceaccount:kubevirt:kubevirt-controller";

  private static boolean forController(JsonNode w) {
    return w.at("/matchConditions/0/name").asText().equals("kubevirt-controller");
  }

  private static JsonNode withoutSplit(JsonNode w) {
    com.fasterxml.jackson.databind.node.ObjectNode copy = w.deepCopy();
    copy.remove(List.of("name", "failurePolicy", "matchConditions"));
    return copy;
  }

  private void assertExcludesOwnNamespace(JsonNode w) {
    for (JsonNode e : w.at("/namespaceSelector/matchExpressions")) {
      if ("kubernetes.io/metadata.name".equals(e.path("key").asText())
          && "NotIn".equals(e.path("operator").asText())) {
        for (JsonNode v : e.path("values")) {
          if (m.namespace().equals(v.asText())) {
            return;
          }
        }
      }
    }
    fail(name(w) + ": namespaceSelector must exclude namespace " + m.namespace());
  }

  /**
   * Every (kind, operation) the webhooks of one configuration match for anyone but KubeVirt's
   * controller (its entries mirror these: {@link #eachWebhookIsSplitByTheRequester}); fails on a
   * foreign one.
   */
  private Set<Pair> covered(String configKind) {
    Set<Pair> out = new HashSet<>();
    for (JsonNode w : webhooks(configKind)) {
      if (forController(w)) {
        continue;
      }
      for (JsonNode rule : w.path("rules")) {
        for (JsonNode g : rule.path("apiGroups")) {
          for (JsonNode v : rule.path("apiVersions")) {
            for (JsonNode r : rule.path("resources")) {
              Kind kind = kindOf(g.asText(), v.asText(), r.asText(), name(w));
              String scope = kind.namespaced() ? "Namespaced" : "Cluster";
              assertEquals(scope, rule.path("scope").asText(), name(w) + " scope");
              for (JsonNode op : rule.path("operations")) {
                Operation o =
                    Operation.parse(op.asText()).orElseThrow(() -> new AssertionError(op));
                assertTrue(out.add(new Pair(kind, o)), name(w) + " matches " + o + " twice");
              }
            }
          }
        }
      }
    }
    return out;
  }

  private static Kind kindOf(String group, String version, String resource, String webhook) {
    for (Kind k : Kind.values()) {
      if (k.group().equals(group)
          && k.version().equals(version)
          && EngineCoverage.resource(k).equals(resource)) {
        return k;
      }
    }
    throw new AssertionError(webhook + ": " + group + "/" + version + "/" + resource + " not ours");
  }

  private List<JsonNode> webhooks(String configKind) {
    JsonNode list = m.one(configKind).path("webhooks");
    assertFalse(list.isEmpty(), configKind + " has webhooks");
    List<JsonNode> out = new java.util.ArrayList<>();
    list.forEach(out::add);
    return out;
  }

  private static String name(JsonNode webhook) {
    return webhook.path("name").asText();
  }
}
