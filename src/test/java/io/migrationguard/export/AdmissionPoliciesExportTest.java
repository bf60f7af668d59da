package io.migrationguard.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code export admission-policies} as a command: its output read back and held to the API's shape
 * for each Kubernetes version (unknown fields fail), the mutating policies only where the version
 * serves them, every binding naming a policy of the output, every expression compiling in that
 * version's CEL, and the options honoured.
 */
class AdmissionPoliciesExportTest {
  private static PackagedExport.Run run(String... args) {
    return PackagedExport.run(args);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1.30", "1.33", "1.34", "v1.35.2", "1.36"})
  void outputHasTheShapeOfTheApiOfItsVersion(String version, @TempDir Path dir) throws Exception {
    Path file = dir.resolve("policies.yaml");
    PackagedExport.Run r =
        run("admission-policies", "-o", file.toString(), "--kubernetes-version", version);
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.out(), "with -o nothing goes to standard output");
    KubernetesVersion v = KubernetesVersion.parse(version);
    List<ObjectNode> docs = ExportedDocuments.parse(Files.readString(file));
    assertEquals(List.of(), ExportedDocuments.problems(docs, v));
    Set<String> kinds = new TreeSet<>();
    docs.forEach(d -> kinds.add(d.path("apiVersion").asText() + " " + d.path("kind").asText()));
    String mutating = v.mutatingPolicyApiVersion();
    Set<String> expected =
        new TreeSet<>(
            Set.of(
                "admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy",
                "admissionregistration.k8s.io/v1 ValidatingAdmissionPolicyBinding"));
    if (mutating != null) {
      expected.add(mutating + " MutatingAdmissionPolicy");
      expected.add(mutating + " MutatingAdmissionPolicyBinding");
    }
    assertEquals(expected, kinds);
    for (ObjectNode d : docs) {
      if (d.path("kind").asText().endsWith("Binding")) {
        String policy = d.at("/spec/policyName").asText();
        String kind = d.path("kind").asText().replace("Binding", "");
        assertTrue(
            docs.stream()
                .anyMatch(
                    p ->
                        p.path("kind").asText().equals(kind)
                            && p.at("/metadata/name").asText().equals(policy)),
            "binding of a missing policy: " + policy);
      }
    }
    new PolicyEvaluator(docs).compileAll();
  }

  @Test
  void theShapeCheckCanFail() {
    ObjectNode vap =
        (ObjectNode) ExportedDocuments.parse(run("admission-policies").out()).get(0).deepCopy();
    vap.with("spec").put("validationActions", "Deny");
    ((ObjectNode) vap.at("/spec/validations/0")).remove("expression");
    List<String> problems = AdmissionRegistrationSchema.problems(vap, KubernetesVersion.OLDEST);
    assertTrue(
        problems.toString().contains("validationActions: unknown field"), problems.toString());
    assertTrue(problems.toString().contains("expression: required"), problems.toString());
    ObjectNode map = vap.deepCopy().put("kind", "MutatingAdmissionPolicy");
    map.put("apiVersion", "admissionregistration.k8s.io/v1beta1");
    assertFalse(
        AdmissionRegistrationSchema.problems(map, KubernetesVersion.parse("1.33")).isEmpty());
  }

  @Test
  void optionsAreHonoured() {
    List<ObjectNode> docs =
        ExportedDocuments.parse(
            run("admission-policies", "--kubevirt-namespace", "virt", "--param-not-found", "Allow")
                .out());
    long gates = 0;
    for (ObjectNode d : docs) {
      if (d.at("/spec/paramRef").isObject()) {
        gates++;
        assertEquals("virt", d.at("/spec/paramRef/namespace").asText());
        assertEquals("Allow", d.at("/spec/paramRef/parameterNotFoundAction").asText());
      }
    }
    assertEquals(2, gates, "one feature-gate binding per kind");
    assertEquals(PackagedExport.text(), PackagedExport.text(), "stable");
  }

  @Test
  void priorityRequestersAreTheServicesSetting() {
    String set = PackagedExport.withRequesters("system:serviceaccount:ops:descheduler, alice");
    assertTrue(set.contains("['alice', 'system:serviceaccount:ops:descheduler']"), set);
    String packaged = PackagedExport.text();
    assertTrue(packaged.contains("['system:serviceaccount:kubevirt:kubevirt-controller']"));
  }

  /**
   * On OpenShift (KubeVirt in openshift-cnv) the export's priority requester is that namespace's
   * controller unless the setting is given: its evacuations (spec.priority) are admitted, another
   * user's refused. A Deny policy cannot fail open, so kubevirt's account there would block every
   * drain.
   */
  @Test
  void theKubeVirtNamespaceNamesItsControllerAsPriorityRequester() {
    var docs =
        ExportedDocuments.parse(PackagedExport.text("--kubevirt-namespace", "openshift-cnv"));
    assertEquals(
        List.of(),
        Evacuations.denials(docs, "system:serviceaccount:openshift-cnv:kubevirt-controller"));
    assertEquals(
        List.of("vmim-priority-requester"),
        Evacuations.denials(docs, "system:serviceaccount:kubevirt:kubevirt-controller").stream()
            .map(d -> d.substring(0, d.indexOf(':')))
            .toList(),
        "kubevirt's account is not the controller there");
    assertEquals(1, Evacuations.denials(docs, "alice").size(), "anyone else");
    // A setting given wins over the namespace.
    String set = PackagedExport.withRequesters("alice", "--kubevirt-namespace", "openshift-cnv");
    assertEquals(
        List.of(), Evacuations.denials(ExportedDocuments.parse(set), "alice"), "the setting");
  }

  @Test
  void usageErrors() {
    for (String[] args :
        List.of(
            new String[] {},
            new String[] {"policies"},
            new String[] {"admission-policies", "--kubernetes-version", "1.29"},
            new String[] {"admission-policies", "--kubernetes-version", "latest"},
            new String[] {"admission-policies", "--param-not-found", "Ignore"},
            new String[] {"admission-policies", "--frobnicate"},
            new String[] {"admission-policies", "-o"})) {
      PackagedExport.Run r = run(args);
      assertEquals(2, r.code(), String.join(" ", args));
      assertTrue(r.err().contains("Usage:"), r.err());
    }
    assertEquals(0, run("admission-policies", "--help").code());
  }

  @org.junit.jupiter.api.Test
  void theKubeVirtReleaseChoosesTheGateChecks() {
    PackagedExport.Run v18 = run("admission-policies", "--kubevirt-version", "v1.8.4");
    assertEquals(0, v18.code(), v18.err());
    assertTrue(
        v18.out().contains("# KubeVirt release profile: v1.8 (v1.8.0"),
        v18.out().lines().limit(3).toList().toString());
    // v1.8 reads only featureGates: the priority check looks for the gate there
    assertTrue(v18.out().contains("'MigrationPriorityQueue' in params"), "priority gate read");
    PackagedExport.Run main = run("admission-policies", "--kubevirt-version", "main");
    assertTrue(main.out().contains("# KubeVirt release profile: main"), "main header");
    assertTrue(main.out().contains("'MigrationDowntimeTuning' in params"), "main's second gate");
    PackagedExport.Run bad = run("admission-policies", "--kubevirt-version", "v1.2");
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("older than the oldest profile"), bad.err());
  }
}
