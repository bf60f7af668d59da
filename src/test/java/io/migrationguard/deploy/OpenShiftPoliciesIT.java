package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.export.Evacuations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OpenShift as docs/deploy.md tells it (issue 35): {@code certs/generate.sh --policies
 * --kubevirt-namespace openshift-cnv} exports the admission policies itself, with the packaged jar,
 * into its output directory (no committed file touched), and the workload overlay installs them.
 * Through the CEL the API server runs, an evacuation with {@code spec.priority} by openshift-cnv's
 * KubeVirt controller is admitted and another user's refused; everything rendered decodes strictly.
 */
class OpenShiftPoliciesIT {
  private static final Path COMMITTED =
      Path.of("manifests", "overlays", "policies", "admission-policies.yaml");
  private static final String CONTROLLER =
      "system:serviceaccount:openshift-cnv:kubevirt-controller";

  @TempDir Path out;

  @Test
  void thePoliciesAdmitTheControllerOfTheKubeVirtNamespaceGiven() throws Exception {
    OpensslAssumption.require();
    Commands.assumeKubectl();
    assertTrue(Files.isRegularFile(ServiceProcess.JAR), ServiceProcess.JAR + ": package first");
    byte[] before = Files.readAllBytes(COMMITTED);
    Commands.generate(out, "--policies", "--kubevirt-namespace", "openshift-cnv").ok();
    assertArrayEquals(before, Files.readAllBytes(COMMITTED), "the committed export is untouched");

    List<JsonNode> workload = KustomizeBuildTest.build(out.resolve("workload"));
    List<JsonNode> webhooks = KustomizeBuildTest.build(out.resolve("webhooks"));
    List<String> problems = new ArrayList<>(StrictDecoding.problems("workload", workload));
    problems.addAll(StrictDecoding.problems("webhooks", webhooks));
    assertEquals(List.of(), problems);

    List<ObjectNode> policies = new ArrayList<>();
    for (JsonNode o : workload) {
      if (o.path("kind").asText().startsWith("ValidatingAdmissionPolicy")) {
        policies.add((ObjectNode) o);
        if (o.at("/spec/paramRef").isObject()) {
          assertEquals("openshift-cnv", o.at("/spec/paramRef/namespace").asText());
        }
      }
    }
    assertTrue(policies.size() >= 8, "the exported policies are installed: " + policies.size());
    assertEquals(List.of(), Evacuations.denials(policies, CONTROLLER), "KubeVirt's evacuation");
    List<String> other =
        Evacuations.denials(policies, "system:serviceaccount:kubevirt:kubevirt-controller");
    assertEquals(1, other.size(), other.toString());
    assertTrue(other.get(0).startsWith("vmim-priority-requester: "), other.toString());
    // The service judges the same account as the policies do.
    String env = "";
    for (JsonNode o : workload) {
      if (o.path("kind").asText().equals("Deployment")) {
        env = o.at("/spec/template/spec/containers/0/env").toString();
      }
    }
    assertTrue(
        env.contains(
            "{\"name\":\"MIGRATION_GUARD_PRIORITY_REQUESTERS\",\"value\":\"" + CONTROLLER + "\"}"),
        env);
    // Back to kubevirt: the committed Component again, the earlier export removed.
    Commands.generate(out, "--policies").ok();
    assertTrue(!Files.exists(out.resolve("policies")), "the earlier export is gone");
  }
}
