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
