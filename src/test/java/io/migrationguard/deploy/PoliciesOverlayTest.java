package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.export.PackagedExport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * manifests/overlays/policies, a kustomize Component: its policies are a fresh export, the service
 * is told to skip the exported rules, and the migration webhook sees only the updates that change a
 * spec. Installed as the other overlays are, through certs/generate.sh --policies: the policies and
 * the Deployment in the workload half, the narrowed webhooks alone in the webhooks half. The build
 * through kubectl's kustomize is checked when kubectl is installed.
 */
class PoliciesOverlayTest {
  static final Path OVERLAY = Path.of("manifests", "overlays", "policies");

  @Test
  void policiesAreAFreshExport() throws Exception {
    assertEquals(
        PackagedExport.text(),
        Files.readString(OVERLAY.resolve("admission-policies.yaml")),
        "re-export: java -jar target/quarkus-app/quarkus-run.jar export admission-policies -o "
            + OVERLAY.resolve("admission-policies.yaml"));
  }

  @Test
  void skipSettingIsDeclaredForItsEnvironmentVariable() throws Exception {
    String properties = Files.readString(Path.of("src/main/resources/application.properties"));
    assertTrue(properties.contains("\nmigration-guard.skip-exported-rules="));
    JsonNode op = Manifests.readAll(OVERLAY.resolve("skip-exported-rules.yaml")).get(0);
    op = op.isArray() ? op.get(0) : op;
    assertEquals("MIGRATION_GUARD_SKIP_EXPORTED_RULES", op.at("/value/name").asText());
  }

  @Test
  void buildsWithPoliciesSkipAndNarrowedWebhook(@org.junit.jupiter.api.io.TempDir Path out)
      throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Commands.available("kubectl", "version", "--client"),
        "kubectl is not installed: the overlay's build is not checked");
    OpensslAssumption.require();
    Commands.generate(out, "--policies").ok();
    List<JsonNode> workload = KustomizeBuildTest.build(out.resolve("workload"));
    List<JsonNode> webhooks = KustomizeBuildTest.build(out.resolve("webhooks"));
    for (JsonNode o : workload) {
      assertFalse(o.path("kind").asText().endsWith("WebhookConfiguration"), "webhooks come last");
    }
    for (JsonNode o : webhooks) {
      assertTrue(o.path("kind").asText().endsWith("WebhookConfiguration"), "only webhooks last");
    }
    List<JsonNode> built = new java.util.ArrayList<>(workload);
    built.addAll(webhooks);
    long policies = 0;
    for (JsonNode o : built) {
      String kind = o.path("kind").asText();
      if (kind.startsWith("ValidatingAdmissionPolicy")) {
        policies++;
        // kustomize does not know these kinds are cluster-scoped and gives them the overlay's
        // namespace; the API server clears it (k8s.io/apiserver rest.
        // EnsureObjectNamespaceMatchesRequestNamespace). Nothing else may differ by namespace.
        assertTrue(o.at("/spec/paramKind").isMissingNode() || kind.endsWith("Policy"), kind);
      } else if (kind.equals("Deployment")) {
        assertTrue(
            o.at("/spec/template/spec/containers/0/env")
                .toString()
                .contains("{\"name\":\"MIGRATION_GUARD_SKIP_EXPORTED_RULES\",\"value\":\"true\"}"));
      } else if (kind.equals("ValidatingWebhookConfiguration")) {
        // Both migration entries (everyone else, KubeVirt's controller) keep their requester
        // condition and gain the spec-changed one; the policy entries only have the requester's.
        for (int i : new int[] {0, 1}) {
          JsonNode vmim = o.at("/webhooks/" + i);
          assertTrue(vmim.path("name").asText().startsWith("vmim"), vmim.toString());
          assertEquals(2, vmim.path("matchConditions").size(), vmim.toString());
          assertEquals(
              "create-or-spec-changed", vmim.at("/matchConditions/1/name").asText(), "appended");
        }
        for (int i : new int[] {2, 3}) {
          assertEquals(1, o.at("/webhooks/" + i + "/matchConditions").size(), "policies");
        }
      }
    }
    assertEquals(12, policies, "6 policies and their bindings");
  }
}
