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
    JsonNode secret = Manifests.readAll(out.resolve("secret.yaml")).get(0);
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
  void kustomizationBuildsOnTheCommittedManifests() throws Exception {
    Commands.generate(out).ok();
    JsonNode k = Manifests.readAll(out.resolve("kustomization.yaml")).get(0);
    assertEquals(base.namespace(), k.path("namespace").asText());
    Path first = out.resolve(k.at("/resources/0").asText()).toRealPath();
    assertEquals(Path.of("manifests").toRealPath(), first, "the base it builds on");
    assertEquals("secret.yaml", k.at("/resources/1").asText());
    List<String> patches = new ArrayList<>();
    k.path("patches").forEach(p -> patches.add(p.path("path").asText()));
    assertEquals(List.of("validating-webhook-patch.yaml", "mutating-webhook-patch.yaml"), patches);
  }

  private JsonNode patchFor(String kind) throws Exception {
    for (String f : List.of("validating-webhook-patch.yaml", "mutating-webhook-patch.yaml")) {
      JsonNode p = Manifests.readAll(out.resolve(f)).get(0);
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
