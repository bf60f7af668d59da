package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The base's objects parse and refer to each other by the right names, labels and ports. */
class ManifestsConsistencyTest {
  private static final Set<String> CLUSTER_SCOPED =
      Set.of(
          "Namespace",
          "ClusterRole",
          "ClusterRoleBinding",
          "ValidatingWebhookConfiguration",
          "MutatingWebhookConfiguration");

  private final Manifests m = Manifests.base();

  @Test
  void kustomizationListsEveryFileAndOnlyExistingOnes() throws IOException {
    Set<String> listed = new HashSet<>();
    m.kustomization().path("resources").forEach(r -> listed.add(r.asText()));
    Set<String> present;
    try (Stream<Path> files = Files.list(m.dir())) {
      present =
          files
              .map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".yaml") && !n.equals("kustomization.yaml"))
              .collect(Collectors.toSet());
    }
    assertEquals(present, listed, "kustomization.yaml resources vs the YAML files beside it");
    assertEquals("migration-guard", m.namespace());
  }

  @Test
  void everyObjectHasAKindANameAndTheRightNamespace() {
    assertEquals(11, m.objects().size(), "objects in the base");
    for (JsonNode o : m.objects()) {
      String kind = o.path("kind").asText();
      String what = kind + "/" + o.path("metadata").path("name").asText();
      assertFalse(o.path("apiVersion").asText().isEmpty(), what);
      assertFalse(o.path("metadata").path("name").asText().isEmpty(), what);
      JsonNode ns = o.path("metadata").path("namespace");
      if (CLUSTER_SCOPED.contains(kind)) {
        assertTrue(ns.isMissingNode(), what + " is cluster-scoped: no namespace");
      } else {
        assertEquals(m.namespace(), ns.asText(), what + " namespace");
      }
    }
    assertEquals(m.namespace(), m.one("Namespace").path("metadata").path("name").asText());
  }

  @Test
  void deploymentServiceAndBudgetSelectTheSamePods() {
    JsonNode deployment = m.one("Deployment");
    Map<String, String> selector = labels(deployment.at("/spec/selector/matchLabels"));
    assertFalse(selector.isEmpty(), "Deployment selector");
    Map<String, String> podLabels = labels(deployment.at("/spec/template/metadata/labels"));
    assertTrue(podLabels.entrySet().containsAll(selector.entrySet()), "pod labels match selector");
    assertEquals(selector, labels(m.one("Service").at("/spec/selector")), "Service selector");
    assertEquals(
        selector,
        labels(m.one("PodDisruptionBudget").at("/spec/selector/matchLabels")),
        "PodDisruptionBudget selector");
    for (JsonNode c : deployment.at("/spec/template/spec/topologySpreadConstraints")) {
      assertEquals(selector, labels(c.at("/labelSelector/matchLabels")), "spread selector");
    }
  }

  @Test
  void serviceAccountAndRbacReferToEachOther() {
    String sa = m.one("ServiceAccount").path("metadata").path("name").asText();
    assertEquals(sa, m.one("Deployment").at("/spec/template/spec/serviceAccountName").asText());
    JsonNode binding = m.one("ClusterRoleBinding");
    assertEquals("ClusterRole", binding.at("/roleRef/kind").asText());
    assertEquals(
        m.one("ClusterRole").path("metadata").path("name").asText(),
        binding.at("/roleRef/name").asText());
    JsonNode subjects = binding.path("subjects");
    assertEquals(1, subjects.size(), "one subject");
    assertEquals("ServiceAccount", subjects.get(0).path("kind").asText());
    assertEquals(sa, subjects.get(0).path("name").asText());
    assertEquals(m.namespace(), subjects.get(0).path("namespace").asText());
  }

  @Test
  void serviceReachesTheHttpsPortTheServiceListensOn() {
    String port = m.env("MIGRATION_GUARD_PORT");
    assertNotNull(port, "MIGRATION_GUARD_PORT is set");
    JsonNode ports = m.one("Service").at("/spec/ports");
    assertEquals(1, ports.size(), "one Service port");
    JsonNode p = ports.get(0);
    assertEquals(443, p.path("port").asInt());
    assertEquals("https", p.path("name").asText());
    assertEquals(Integer.parseInt(port), m.containerPort(p.path("targetPort")), "targetPort");
  }

  @Test
  void tlsSecretIsMountedWholeReadOnlyAndTheSettingsPointIntoIt() {
    JsonNode pod = m.one("Deployment").at("/spec/template/spec");
    JsonNode volume = volume(pod, "migration-guard-tls");
    assertNotNull(volume, "a volume of Secret migration-guard-tls");
    int mode = volume.at("/secret/defaultMode").asInt(0644);
    assertEquals(0, mode & 0027, "key files neither group-writable nor world-readable");
    JsonNode mount = mount(volume.path("name").asText());
    assertNotNull(mount, "the TLS volume is mounted");
    assertTrue(mount.path("readOnly").asBoolean(), "read-only mount");
    assertTrue(mount.path("subPath").isMissingNode(), "no subPath: it would freeze rotation");
    String dir = mount.path("mountPath").asText();
    assertEquals(dir + "/tls.crt", m.env("MIGRATION_GUARD_TLS_CERT"));
    assertEquals(dir + "/tls.key", m.env("MIGRATION_GUARD_TLS_KEY"));
    assertEquals("on", m.env("MIGRATION_GUARD_CLUSTER"), "cluster-aware rules must not turn off");
    assertNotNull(m.env("MIGRATION_GUARD_PRIORITY_REQUESTERS"));
  }

  @Test
  void theWritableTempDirectoryIsAnEmptyDirAndTheJvmUsesIt() {
    JsonNode pod = m.one("Deployment").at("/spec/template/spec");
    JsonNode tmp = mount("tmp");
    assertNotNull(tmp, "a tmp mount");
    assertEquals("/tmp", tmp.path("mountPath").asText());
    boolean emptyDir = false;
    for (JsonNode v : pod.path("volumes")) {
      emptyDir |= v.path("name").asText().equals("tmp") && v.has("emptyDir");
    }
    assertTrue(emptyDir, "tmp is an emptyDir");
    assertTrue(m.env("JAVA_TOOL_OPTIONS").contains("-Djava.io.tmpdir=/tmp"));
  }

  @Test
  void theJvmRefusesClientInitiatedTlsRenegotiation() {
    assertTrue(
        List.of(m.env("JAVA_TOOL_OPTIONS").split(" "))
            .contains("-Djdk.tls.rejectClientInitiatedRenegotiation=true"),
        m.env("JAVA_TOOL_OPTIONS"));
  }

  static Map<String, String> labels(JsonNode map) {
    Map<String, String> out = new TreeMap<>();
    map.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
    return out;
  }

  private static JsonNode volume(JsonNode pod, String secretName) {
    for (JsonNode v : pod.path("volumes")) {
      if (secretName.equals(v.at("/secret/secretName").asText())) {
        return v;
      }
    }
    return null;
  }

  private JsonNode mount(String volume) {
    for (JsonNode vm : m.container().path("volumeMounts")) {
      if (volume.equals(vm.path("name").asText())) {
        return vm;
      }
    }
    return null;
  }
}
