package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Everything this project ships or generates decodes against its type with unknown fields as
 * errors, as {@code kubectl apply} has the API server decode it ({@link StrictDecoding}): what
 * kubectl's kustomize renders of manifests/, of the monitoring and of the cert-manager overlay, and
 * what certs/generate.sh writes with its defaults and --policies, and with every other option that
 * changes objects at once (the overlays rendered, and its plain files); what the export writes.
 * --policies with another KubeVirt namespace needs the packaged jar: OpenShiftPoliciesIT checks it
 * the same way.
 */
class StrictDecodingTest {
  @TempDir static Path tmp;

  @BeforeAll
  static void needsKubectl() {
    Commands.assumeKubectl();
  }

  @Test
  void theCommittedKustomizationsDecodeStrictly() {
    List<String> problems = new ArrayList<>();
    for (String dir :
        List.of("manifests", "manifests/monitoring", "manifests/overlays/cert-manager")) {
      problems.addAll(
          StrictDecoding.problems(
              "kubectl kustomize " + dir, KustomizeBuildTest.build(Path.of(dir))));
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void whatGenerateShWritesDecodesStrictly() throws Exception {
    OpensslAssumption.require();
    List<String> problems = new ArrayList<>();
    // The defaults, with the policies Component (committed, for KubeVirt in kubevirt).
    Path plain = tmp.resolve("plain");
    Commands.generate(plain, "--policies").ok();
    problems.addAll(generated(plain));
    Path every = tmp.resolve("every");
    Commands.generate(
            every,
            "--namespace",
            "kv-guard",
            "--service",
            "guard",
            "--kubevirt-namespace",
            "openshift-cnv",
            "--audit",
            "15m",
            "--api-server-client-cert",
            "--allow-from",
            "10.0.0.0/8",
            "--allow-from",
            "fd00::/64")
        .ok();
    List<String> everyProblems = generated(every);
    problems.addAll(everyProblems);
    assertEquals(List.of(), problems);
    assertTrue(Files.isRegularFile(every.resolve("workload/networkpolicy.yaml")), "all written");
  }

  /**
   * {@code export admission-policies} for the oldest Kubernetes it supports and for 1.34 (its
   * MutatingAdmissionPolicies, v1beta1), and for another KubeVirt namespace. (The v1 mutating
   * policies of 1.36 have no fabric8 7.5 model: AdmissionPoliciesExportTest's field-by-field schema
   * holds those.)
   */
  @Test
  void whatTheExportWritesDecodesStrictly() {
    List<String> problems = new ArrayList<>();
    for (String[] args :
        List.of(
            new String[] {},
            new String[] {"--kubernetes-version", "1.34"},
            new String[] {"--kubevirt-namespace", "openshift-cnv"})) {
      String text = io.migrationguard.export.PackagedExport.text(args);
      List<JsonNode> docs = new ArrayList<>(io.migrationguard.export.Evacuations.parse(text));
      assertTrue(docs.size() >= 8, String.join(" ", args));
      problems.addAll(StrictDecoding.problems("export " + String.join(" ", args), docs));
    }
    assertEquals(List.of(), problems);
  }

  /** The rendered overlays of {@code out}, and the files in it that are objects themselves. */
  private static List<String> generated(Path out) throws Exception {
    List<String> problems = new ArrayList<>();
    for (Path dir :
        List.of(out.resolve("workload"), out.resolve("webhooks"), out.resolve("monitoring"))) {
      if (Files.isRegularFile(dir.resolve("kustomization.yaml"))) {
        problems.addAll(
            StrictDecoding.problems(
                "kubectl kustomize " + dir.getFileName(), KustomizeBuildTest.build(dir)));
      }
    }
    // kube-apiserver's own files: the kubeconfig is a typed v1 Config; the AdmissionConfiguration
    // (apiserver.config.k8s.io) has no model here and is read by ApiServerClientCertIT.
    for (Path f :
        List.of(
            out.resolve("workload/secret.yaml"),
            out.resolve("workload/networkpolicy.yaml"),
            out.resolve("apiserver/webhook-kubeconfig.yaml"))) {
      if (Files.isRegularFile(f)) {
        problems.addAll(
            StrictDecoding.problems(out.relativize(f).toString(), Manifests.readAll(f)));
      }
    }
    return problems;
  }

  /** What the check reports names the file, the kind, the name and the field path. */
  @Test
  void aProblemNamesFileKindNameAndFieldPath() {
    List<JsonNode> objects =
        List.of(
            Reviews.read(
                "{\"apiVersion\":\"rbac.authorization.k8s.io/v1\",\"kind\":\"RoleBinding\","
                    + "\"metadata\":{\"name\":\"b\",\"namespace\":\"n\"},\"roleRef\":{\"apiGroup\":"
                    + "\"rbac.authorization.k8s.io\",\"kind\":\"Role\",\"name\":\"r\",\"namespace\":\"n\"}}"),
            Reviews.read(
                "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"d\"},"
                    + "\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"c\","
                    + "\"env\":[{\"name\":\"A\",\"value\":\"1\",\"valu\":\"2\"}]}]}},\"replicas\":\"two\"}}"),
            Reviews.read(
                "{\"apiVersion\":\"monitoring.coreos.com/v1\",\"kind\":\"ServiceMonitor\","
                    + "\"metadata\":{\"name\":\"s\",\"labelz\":{}},\"spec\":{\"selector\":{},"
                    + "\"endpoints\":[{\"port\":\"https\",\"tlsConfig\":{\"serverNam\":\"x\"}}]}}"),
            Reviews.read(
                "{\"apiVersion\":\"monitoring.coreos.com/v1\",\"kind\":\"PrometheusRule\","
                    + "\"metadata\":{\"name\":\"p\"},\"spec\":{\"groups\":[{\"name\":\"g\","
                    + "\"rules\":[{\"alert\":\"A\",\"expr\":\"up\",\"for\":5}]}]}}"),
            Reviews.read(
                "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"w\"}}"));
    List<String> problems = StrictDecoding.problems("f.yaml", objects);
    assertEquals(
        List.of(
            "f.yaml: RoleBinding b: roleRef.namespace: unknown field",
            "f.yaml: Deployment d: spec.replicas: Cannot deserialize value of type `java.lang.Integer`"
                + " from String \"two\": not a valid `java.lang.Integer` value",
            "f.yaml: ServiceMonitor s: spec.endpoints[0].tlsConfig.serverNam: unknown field",
            "f.yaml: ServiceMonitor s: metadata.labelz: unknown field",
            "f.yaml: PrometheusRule p: spec.groups[0].rules[0].for: a string, not NUMBER 5",
            "f.yaml: Widget w: apiVersion/kind: no typed model nor CRD schema for example.com/v1 Widget"),
        problems);
    // The first wrong type stops a typed decode; an unknown field deeper still shows alone.
    assertEquals(
        List.of("spec.template.spec.containers[0].env[0].valu: unknown field"),
        StrictDecoding.problems(
            Reviews.read(
                "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"d\"},"
                    + "\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"c\","
                    + "\"env\":[{\"name\":\"A\",\"value\":\"1\",\"valu\":\"2\"}]}]}}}}")));
  }
}
