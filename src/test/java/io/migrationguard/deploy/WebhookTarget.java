package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * One webhook of the manifests as the API server resolves it: the Service DNS name it dials, the
 * path it posts to, the caBundle it trusts, and the container port the Service forwards to.
 *
 * @param configKind ValidatingWebhookConfiguration or MutatingWebhookConfiguration
 * @param webhook the webhook entry of the committed configuration
 * @param serverName {@code <service>.<namespace>.svc}
 * @param path clientConfig.service.path
 * @param caBundle the CA certificates of the caBundle certs/generate.sh wrote for this webhook
 * @param containerPort the port the Service's targetPort resolves to in the Deployment
 */
record WebhookTarget(
    String configKind,
    JsonNode webhook,
    String serverName,
    String path,
    List<X509Certificate> caBundle,
    int containerPort) {

  String name() {
    return webhook.path("name").asText();
  }

  /** A client that reaches this webhook through {@code 127.0.0.1:localPort}. */
  ApiServerClient client(int localPort) {
    return new ApiServerClient(caBundle, serverName, new InetSocketAddress("127.0.0.1", localPort));
  }

  /**
   * Every webhook of both configurations in {@code base}, with the caBundle from the patches
   * certs/generate.sh wrote to {@code certs}. Fails when a clientConfig names a Service, namespace
   * or port the manifests do not have.
   */
  static List<WebhookTarget> all(Manifests base, Path certs) {
    List<WebhookTarget> out = new ArrayList<>();
    for (String kind : List.of("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration")) {
      JsonNode patch = patch(certs, kind);
      for (JsonNode w : base.one(kind).path("webhooks")) {
        out.add(resolve(base, kind, w, patch));
      }
    }
    return out;
  }

  private static WebhookTarget resolve(Manifests base, String kind, JsonNode w, JsonNode patch) {
    String name = w.path("name").asText();
    JsonNode ref = w.at("/clientConfig/service");
    JsonNode service = base.one("Service");
    assertEquals(service.at("/metadata/name").asText(), ref.path("name").asText(), name);
    assertEquals(service.at("/metadata/namespace").asText(), ref.path("namespace").asText(), name);
    int containerPort = -1;
    for (JsonNode p : service.at("/spec/ports")) {
      if (p.path("port").asInt() == ref.path("port").asInt(443)) {
        containerPort = base.containerPort(p.path("targetPort"));
      }
    }
    if (containerPort < 0) {
      throw new AssertionError(name + ": no Service port " + ref.path("port") + " to a container");
    }
    String caBundle = null;
    for (JsonNode pw : patch.path("webhooks")) {
      if (name.equals(pw.path("name").asText())) {
        caBundle = pw.at("/clientConfig/caBundle").asText();
      }
    }
    if (caBundle == null) {
      throw new AssertionError(name + ": certs/generate.sh wrote no caBundle for it");
    }
    String host = ref.path("name").asText() + "." + ref.path("namespace").asText() + ".svc";
    List<X509Certificate> cas = Pem.certificates(Base64.getDecoder().decode(caBundle));
    return new WebhookTarget(kind, w, host, ref.path("path").asText(), cas, containerPort);
  }

  private static JsonNode patch(Path certs, String kind) {
    for (String f : List.of("validating-webhook-patch.yaml", "mutating-webhook-patch.yaml")) {
      JsonNode p = Manifests.readAll(certs.resolve("webhooks").resolve(f)).get(0);
      if (kind.equals(p.path("kind").asText())) {
        return p;
      }
    }
    throw new AssertionError("certs/generate.sh wrote no patch for " + kind);
  }
}
