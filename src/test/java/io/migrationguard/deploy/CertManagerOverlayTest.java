package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The cert-manager overlay issues the Secret the Deployment mounts, for the names the API server
 * dials, from a CA chain that holds together, and has the CA injected into both webhook configs.
 */
class CertManagerOverlayTest {
  static final Path OVERLAY = Path.of("manifests", "overlays", "cert-manager");

  private final Manifests base = Manifests.base();
  private final Manifests overlay = Manifests.load(OVERLAY);

  @Test
  void servingCertificateIsTheMountedSecretForTheServiceNames() {
    JsonNode serving = certificate(false);
    String secret = "";
    for (JsonNode v : base.one("Deployment").at("/spec/template/spec/volumes")) {
      secret += v.at("/secret/secretName").asText();
    }
    assertEquals(secret, serving.at("/spec/secretName").asText());
    String host = base.one("Service").at("/metadata/name").asText() + "." + base.namespace();
    List<String> dns = new ArrayList<>();
    serving.at("/spec/dnsNames").forEach(d -> dns.add(d.asText()));
    assertEquals(List.of(host + ".svc", host + ".svc.cluster.local"), dns);
    assertTrue(serving.at("/spec/usages").toString().contains("server auth"));
  }

  @Test
  void issuerChainIsSelfSignedCaThenCaIssuer() {
    JsonNode serving = certificate(false);
    JsonNode ca = certificate(true);
    JsonNode caIssuer = issuer(serving.at("/spec/issuerRef/name").asText());
    assertEquals(ca.at("/spec/secretName").asText(), caIssuer.at("/spec/ca/secretName").asText());
    JsonNode root = issuer(ca.at("/spec/issuerRef/name").asText());
    assertTrue(root.at("/spec").has("selfSigned"), "the CA is self-signed");
  }

  @Test
  void caIsInjectedIntoBothWebhookConfigurations() {
    String expected = base.namespace() + "/" + certificate(false).at("/metadata/name").asText();
    JsonNode annotations = Manifests.readAll(OVERLAY.resolve("inject-ca.yaml")).get(0);
    assertEquals(
        expected,
        annotations.at("/metadata/annotations").path("cert-manager.io/inject-ca-from").asText());
    Set<String> injected = new TreeSet<>();
    Set<String> dropped = new TreeSet<>();
    for (JsonNode p : overlay.kustomization().path("patches")) {
      String kind = p.at("/target/kind").asText();
      (p.path("path").asText().equals("inject-ca.yaml") ? injected : dropped).add(kind);
    }
    Set<String> both = Set.of("MutatingWebhookConfiguration", "ValidatingWebhookConfiguration");
    assertEquals(both, injected, "inject-ca-from on");
    assertEquals(both, dropped, "caBundle left to the injector on");
    // The file is one JSON Patch: a list of operations (read as one node per operation).
    List<JsonNode> drop = Manifests.readAll(OVERLAY.resolve("drop-cabundle.yaml"));
    for (String kind : both) {
      assertEquals(
          base.one(kind).path("webhooks").size(), drop.size(), "one removal per webhook: " + kind);
    }
    for (int i = 0; i < drop.size(); i++) {
      assertEquals("/webhooks/" + i + "/clientConfig/caBundle", drop.get(i).path("path").asText());
    }
  }

  private JsonNode certificate(boolean isCa) {
    for (JsonNode c : overlay.all("Certificate")) {
      if (c.at("/spec/isCA").asBoolean(false) == isCa) {
        return c;
      }
    }
    throw new AssertionError("no Certificate with isCA " + isCa);
  }

  private JsonNode issuer(String name) {
    for (JsonNode i : overlay.all("Issuer")) {
      if (name.equals(i.at("/metadata/name").asText())) {
        return i;
      }
    }
    throw new AssertionError("no Issuer " + name);
  }
}
