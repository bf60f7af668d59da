package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code kubectl apply -k} would send, built by kubectl's own kustomize: the base, the
 * cert-manager overlay and the overlay certs/generate.sh writes. Skipped without kubectl.
 */
class KustomizeBuildTest {
  @TempDir Path out;

  @BeforeAll
  static void needsKubectl() {
    Commands.assumeKubectl();
  }

  @Test
  void baseBuildsToTheCommittedObjects() {
    List<JsonNode> built = build(Path.of("manifests"));
    assertEquals(ids(Manifests.base().objects()), ids(built));
  }

  @Test
  void certManagerOverlayLeavesCaBundleToTheInjector() {
    List<JsonNode> built = build(CertManagerOverlayTest.OVERLAY);
    int configs = 0;
    for (JsonNode o : built) {
      if (o.path("kind").asText().endsWith("WebhookConfiguration")) {
        configs++;
        assertFalse(
            o.at("/metadata/annotations")
                .path("cert-manager.io/inject-ca-from")
                .asText()
                .isEmpty());
        o.path("webhooks").forEach(w -> assertFalse(w.at("/clientConfig").has("caBundle")));
      }
    }
    assertEquals(2, configs);
  }

  @Test
  void generatedOverlayGivesEveryWebhookTheBundleAndFollowsTheNamespace() throws Exception {
    OpensslAssumption.require();
    String docs = "https://github.com/acme/migration-guard/blob/v1.2.3/docs";
    Commands.generate(out, "--namespace", "kv-guard", "--docs-url", docs).ok();
    String bundle =
        Base64.getEncoder().encodeToString(Files.readAllBytes(out.resolve("ca-bundle.crt")));
    // The two halves the script's steps apply, one after the other.
    List<JsonNode> built = new java.util.ArrayList<>(build(out.resolve("workload")));
    built.addAll(build(out.resolve("webhooks")));
    int webhooks = 0;
    for (JsonNode o : built) {
      if (o.path("kind").asText().endsWith("WebhookConfiguration")) {
        for (JsonNode w : o.path("webhooks")) {
          webhooks++;
          assertEquals(bundle, w.at("/clientConfig/caBundle").asText());
          assertEquals("kv-guard", w.at("/clientConfig/service/namespace").asText());
          assertEquals("kv-guard", w.at("/namespaceSelector/matchExpressions/0/values/0").asText());
        }
      } else if (!o.path("kind").asText().startsWith("Cluster")) {
        String ns =
            o.path("kind").asText().equals("Namespace") ? "/metadata/name" : "/metadata/namespace";
        assertEquals("kv-guard", o.at(ns).asText(), o.path("kind").asText());
      }
    }
    assertEquals(8, webhooks);
    assertTrue(built.stream().anyMatch(o -> o.path("kind").asText().equals("Secret")));
    // The monitoring follows: the Service's name in that namespace, its Secret's CA, the alerts'
    // selectors.
    int monitored = 0;
    for (JsonNode o : build(out.resolve("monitoring"))) {
      assertEquals("kv-guard", o.at("/metadata/namespace").asText(), o.path("kind").asText());
      if (o.path("kind").asText().equals("ServiceMonitor")) {
        monitored++;
        JsonNode tls = o.at("/spec/endpoints/0/tlsConfig");
        assertEquals("migration-guard.kv-guard.svc", tls.path("serverName").asText());
        assertEquals("migration-guard-tls", tls.at("/ca/secret/name").asText());
      }
      if (o.path("kind").asText().equals("PrometheusRule")) {
        monitored++;
        String rules = o.path("spec").toString();
        assertTrue(rules.contains("namespace=\\\"kv-guard\\\""), rules);
        assertFalse(rules.contains("namespace=\\\"migration-guard\\\""), rules);
        for (JsonNode group : o.at("/spec/groups")) {
          for (JsonNode rule : group.path("rules")) {
            String name = rule.path("alert").asText().toLowerCase(java.util.Locale.ROOT);
            assertEquals(
                docs + "/monitoring.md#" + name, rule.at("/annotations/runbook_url").asText());
          }
        }
      }
    }
    assertEquals(2, monitored);
  }

  /**
   * {@code --kubevirt-namespace}: every webhook entry's requester condition and the priority
   * allow-list name KubeVirt's controller in that namespace, each entry keeping one condition.
   */
  @Test
  void theKubeVirtNamespaceNamesTheControllerEverywhere(@TempDir Path out) throws Exception {
    OpensslAssumption.require();
    Commands.generate(out, "--kubevirt-namespace", "openshift-cnv").ok();
    String account = "system:serviceaccount:openshift-cnv:kubevirt-controller";
    int conditions = 0;
    for (JsonNode o : build(out.resolve("webhooks"))) {
      for (JsonNode w : o.path("webhooks")) {
        assertEquals(1, w.path("matchConditions").size(), w.path("name").asText());
        String expression = w.at("/matchConditions/0/expression").asText();
        assertTrue(expression.endsWith("'" + account + "'"), expression);
        conditions++;
      }
    }
    assertEquals(8, conditions);
    String env = "";
    for (JsonNode o : build(out.resolve("workload"))) {
      if (o.path("kind").asText().equals("Deployment")) {
        env = o.at("/spec/template/spec/containers/0/env").toString();
      }
    }
    assertTrue(
        env.contains(
            "{\"name\":\"MIGRATION_GUARD_PRIORITY_REQUESTERS\",\"value\":\"" + account + "\"}"),
        env);
    assertEquals(
        1, env.split("MIGRATION_GUARD_PRIORITY_REQUESTERS", -1).length - 1, "once: " + env);
    Commands.Result bad = Commands.generate(out, "--kubevirt-namespace", "Not_A_Label");
    assertTrue(bad.exit() != 0 && bad.output().contains("--kubevirt-namespace"), bad.output());
  }

  /**
   * {@code --audit}: the workload overlay adds the audit component, whose RBAC follows the
   * namespace, and the interval given, once; the webhooks half does not change.
   */
  @Test
  void theAuditComponentTurnsTheAuditOnWithItsRbac(@TempDir Path out) throws Exception {
    OpensslAssumption.require();
    Commands.generate(out, "--namespace", "kv-guard", "--audit", "15m").ok();
    String env = "";
    JsonNode role = null;
    JsonNode binding = null;
    for (JsonNode o : build(out.resolve("workload"))) {
      String name = o.at("/metadata/name").asText();
      switch (o.path("kind").asText()) {
        case "Deployment" -> {
          assertEquals(1, o.at("/spec/template/spec/containers").size(), "no container added");
          env = o.at("/spec/template/spec/containers/0/env").toString();
        }
        case "ClusterRole" -> role = name.equals("migration-guard-audit") ? o : role;
        case "ClusterRoleBinding" -> binding = name.equals("migration-guard-audit") ? o : binding;
        default -> {}
      }
    }
    assertTrue(
        env.contains("{\"name\":\"MIGRATION_GUARD_AUDIT_INTERVAL\",\"value\":\"15m\"}"), env);
    assertEquals(1, env.split("MIGRATION_GUARD_AUDIT_INTERVAL", -1).length - 1, "once: " + env);
    for (JsonNode rule : role.path("rules")) {
      assertEquals("[\"openreports.io\"]", rule.path("apiGroups").toString(), "reports only");
      if (!rule.path("verbs").toString().equals("[\"list\",\"create\"]")) {
        // Every verb that names an object is limited to the audit's own reports.
        assertEquals(1, rule.path("resourceNames").size(), rule.toString());
      }
    }
    assertEquals("kv-guard", binding.at("/subjects/0/namespace").asText());
    Commands.Result bad = Commands.generate(out, "--audit", "30s");
    assertTrue(bad.exit() != 0 && bad.output().contains("--audit"), bad.output());
  }

  static List<JsonNode> build(Path dir) {
    Commands.Result r = Commands.run(List.of("kubectl", "kustomize", dir.toString())).ok();
    try {
      Path f = Files.createTempFile("mg-build", ".yaml");
      Files.writeString(f, r.output());
      List<JsonNode> docs = Manifests.readAll(f);
      Files.delete(f);
      return docs;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static TreeSet<String> ids(List<JsonNode> objects) {
    TreeSet<String> out = new TreeSet<>();
    for (JsonNode o : objects) {
      out.add(o.path("kind").asText() + "/" + o.at("/metadata/name").asText());
    }
    return out;
  }
}
