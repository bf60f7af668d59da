package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The overlay certs/generate.sh writes installs the base plus the Secret the Deployment mounts, and
 * gives every webhook of both configurations the CA bundle.
 */
class GeneratedOverlayTest {
  @TempDir Path out;

  private final Manifests base = Manifests.base();

  @BeforeAll
  static void needsOpenssl() {
    OpensslAssumption.require();
  }

  @Test
  void secretIsTheOneTheDeploymentMounts() throws Exception {
    Commands.generate(out).ok();
    JsonNode secret = Manifests.readAll(out.resolve("workload/secret.yaml")).get(0);
    assertEquals("Secret", secret.path("kind").asText());
    assertEquals("kubernetes.io/tls", secret.path("type").asText());
    assertEquals(base.namespace(), secret.at("/metadata/namespace").asText());
    String mounted = "";
    for (JsonNode v : base.one("Deployment").at("/spec/template/spec/volumes")) {
      mounted += v.at("/secret/secretName").asText();
    }
    assertEquals(mounted, secret.at("/metadata/name").asText(), "the Deployment's Secret");
    for (String file : List.of("tls.crt", "tls.key", "ca.crt")) {
      byte[] data = Base64.getDecoder().decode(secret.path("data").path(file).asText());
      assertArrayEquals(Files.readAllBytes(out.resolve(file)), data, file);
    }
  }

  @Test
  void everyWebhookGetsTheCaBundle() throws Exception {
    Commands.generate(out).ok();
    byte[] bundle = Files.readAllBytes(out.resolve("ca-bundle.crt"));
    for (String kind : List.of("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration")) {
      JsonNode config = base.one(kind);
      JsonNode patch = patchFor(kind);
      assertEquals(config.at("/metadata/name"), patch.at("/metadata/name"), kind);
      assertEquals(names(config), names(patch), kind + " webhooks");
      for (JsonNode w : patch.path("webhooks")) {
        byte[] ca = Base64.getDecoder().decode(w.at("/clientConfig/caBundle").asText());
        assertArrayEquals(bundle, ca, w.path("name").asText());
      }
    }
  }

  @Test
  void allowFromWritesANetworkPolicyForTheHttpsPortOfThePods() throws Exception {
    Commands.assumeKubectl();
    Commands.generate(out, "--allow-from", "10.0.0.0/8", "--allow-from", "fd00::/64").ok();
    Manifests built = Manifests.built(out.resolve("workload"));
    JsonNode policy = built.one("NetworkPolicy");
    assertEquals(base.namespace(), policy.at("/metadata/namespace").asText());
    JsonNode selector = policy.at("/spec/podSelector/matchLabels");
    JsonNode podLabels = base.one("Deployment").at("/spec/template/metadata/labels");
    selector.fields().forEachRemaining(e -> assertEquals(e.getValue(), podLabels.get(e.getKey())));
    assertEquals("[\"Ingress\"]", policy.at("/spec/policyTypes").toString());
    JsonNode rule = policy.at("/spec/ingress/0");
    assertEquals(
        List.of("10.0.0.0/8", "fd00::/64"),
        List.of(
            rule.at("/from/0/ipBlock/cidr").asText(), rule.at("/from/1/ipBlock/cidr").asText()));
    int https = Integer.parseInt(base.env("MIGRATION_GUARD_PORT"));
    assertEquals(https, rule.at("/ports/0/port").asInt(), "the port the Service targets");
    Commands.Result bad = Commands.generate(out, "--allow-from", "10.0.0.0/33");
    org.junit.jupiter.api.Assertions.assertTrue(
        bad.exit() != 0 && bad.output().contains("--allow-from"), bad.output());
    Commands.generate(out).ok();
    org.junit.jupiter.api.Assertions.assertFalse(
        Files.exists(out.resolve("workload/networkpolicy.yaml")), "a run without it drops it");
  }

  @Test
  void apiServerClientCertRequiresACertificateOfTheBundleAndKeepsItAcrossRuns() throws Exception {
    Commands.assumeKubectl();
    Commands.generate(out, "--api-server-client-cert").ok();
    Manifests built = Manifests.built(out.resolve("workload"));
    assertEquals(
        built.volumeMountPath("tls") + "/client-ca.crt",
        built.env("MIGRATION_GUARD_TLS_CLIENT_CA"));
    byte[] clientCa =
        Base64.getDecoder().decode(built.one("Secret").at("/data/client-ca.crt").asText());
    assertArrayEquals(Files.readAllBytes(out.resolve("ca-bundle.crt")), clientCa);
    var cert = Pem.certificate(out.resolve("apiserver-client.crt"));
    cert.verify(Pem.certificate(out.resolve("ca.crt")).getPublicKey());
    assertEquals(List.of("1.3.6.1.5.5.7.3.2"), cert.getExtendedKeyUsage(), "clientAuth only");
    byte[] first = Files.readAllBytes(out.resolve("apiserver/webhook-kubeconfig.yaml"));
    Commands.generate(out, "--api-server-client-cert").ok();
    assertArrayEquals(
        first,
        Files.readAllBytes(out.resolve("apiserver/webhook-kubeconfig.yaml")),
        "kept: kube-apiserver reads it at start only");
  }

  @Test
  void kustomizationsBuildOnTheCommittedManifests() throws Exception {
    Commands.generate(out).ok();
    JsonNode workload = Manifests.readAll(out.resolve("workload/kustomization.yaml")).get(0);
    JsonNode webhooks = Manifests.readAll(out.resolve("webhooks/kustomization.yaml")).get(0);
    for (JsonNode k : List.of(workload, webhooks)) {
      assertEquals(base.namespace(), k.path("namespace").asText());
    }
    Path first = out.resolve("workload").resolve(workload.at("/resources/0").asText());
    assertEquals(Path.of("manifests").toRealPath(), first.toRealPath(), "the base it builds on");
    assertEquals("secret.yaml", workload.at("/resources/1").asText());
    Path other = out.resolve("webhooks").resolve(webhooks.at("/resources/0").asText());
    assertEquals(Path.of("manifests").toRealPath(), other.toRealPath(), "the same base");
    List<String> patches = new ArrayList<>();
    webhooks.path("patches").forEach(p -> patches.add(p.path("path").asText()));
    assertEquals(
        List.of("", "validating-webhook-patch.yaml", "mutating-webhook-patch.yaml"), patches);
  }

  @Test
  void imageFlagSetsTheDeploymentsImageInTheWorkloadOverlay() throws Exception {
    Commands.generate(out, "--image", "registry.example.com:5000/mg/migration-guard:1.2.3").ok();
    JsonNode k = Manifests.readAll(out.resolve("workload/kustomization.yaml")).get(0);
    JsonNode image = k.at("/images/0");
    assertEquals("migration-guard", image.path("name").asText());
    assertEquals("registry.example.com:5000/mg/migration-guard", image.path("newName").asText());
    assertEquals("1.2.3", image.path("newTag").asText());
    String digest = "sha256:" + "0123456789abcdef".repeat(4);
    Commands.generate(out, "--image", "registry.example.com/mg@" + digest).ok();
    k = Manifests.readAll(out.resolve("workload/kustomization.yaml")).get(0);
    assertEquals("registry.example.com/mg", k.at("/images/0/newName").asText());
    assertEquals(digest, k.at("/images/0/digest").asText());
    assertEquals("", k.at("/images/0/newTag").asText());
  }

  private JsonNode patchFor(String kind) throws Exception {
    for (String f : List.of("validating-webhook-patch.yaml", "mutating-webhook-patch.yaml")) {
      JsonNode p = Manifests.readAll(out.resolve("webhooks").resolve(f)).get(0);
      if (kind.equals(p.path("kind").asText())) {
        return p;
      }
    }
    throw new AssertionError("no patch for " + kind);
  }

  static List<String> names(JsonNode config) {
    List<String> out = new ArrayList<>();
    config.path("webhooks").forEach(w -> out.add(w.path("name").asText()));
    return out;
  }
}
