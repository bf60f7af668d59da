package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import java.io.ByteArrayInputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only the API server may call (issue 26, part 3): {@code certs/generate.sh
 * --api-server-client-cert} writes the kubeconfig kube-apiserver's AdmissionConfiguration names,
 * and the workload overlay that makes the packaged service require a client certificate. The
 * service runs with the overlay's settings and the Secret's files; the client presents what the
 * kubeconfig entry kube-apiserver would pick for the webhook's Service holds. Prometheus scrapes
 * the metrics without one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiServerClientCertIT {
  @TempDir static Path tmp;

  private ServiceProcess service;
  private WebhookTarget target;
  private int port;
  private JsonNode kubeconfigUser;
  private Path certs;

  @BeforeAll
  void startWithTheOverlaysClientCa() throws Exception {
    OpensslAssumption.require();
    Commands.assumeKubectl();
    assertTrue(Files.isRegularFile(ServiceProcess.JAR), ServiceProcess.JAR + ": package first");
    certs = tmp.resolve("certs");
    // A 7-day serving certificate: the expiry alert must fire on what Prometheus scrapes.
    Commands.generate(certs, "--api-server-client-cert", "--days", "7").ok();
    Manifests built = Manifests.built(certs.resolve("workload"));
    // The Secret's files, where the Deployment mounts them.
    Path mount = tmp.resolve("mount");
    Files.createDirectories(mount);
    JsonNode secret = built.one("Secret");
    secret.path("data").fields().forEachRemaining(e -> write(mount, e.getKey(), e.getValue()));
    String clientCa = built.env("MIGRATION_GUARD_TLS_CLIENT_CA");
    String mountPath = built.volumeMountPath("tls");
    assertTrue(clientCa.startsWith(mountPath + "/"), clientCa + " is in the mounted Secret");
    Path clientCaFile = mount.resolve(clientCa.substring(mountPath.length() + 1));
    assertTrue(Files.isRegularFile(clientCaFile), "the Secret holds " + clientCa);

    target = WebhookTarget.all(Manifests.base(), certs).get(0);
    String user =
        built.one("Service").at("/metadata/name").asText()
            + "."
            + built.one("Service").at("/metadata/namespace").asText()
            + ".svc:443";
    JsonNode kubeconfig =
        Manifests.readAll(certs.resolve("apiserver/webhook-kubeconfig.yaml")).get(0);
    for (JsonNode u : kubeconfig.path("users")) {
      if (u.path("name").asText().equals(user)) {
        kubeconfigUser = u.path("user");
      }
    }
    assertTrue(kubeconfigUser != null, "a kubeconfig user named " + user);
    JsonNode admission =
        Manifests.readAll(certs.resolve("apiserver/admission-configuration.yaml")).get(0);
    assertEquals("AdmissionConfiguration", admission.path("kind").asText());
    assertEquals(2, admission.path("plugins").size(), "validating and mutating");

    port = ServiceProcess.freePort();
    service =
        ServiceProcess.start(
            Map.of(
                "MIGRATION_GUARD_TLS_CERT", mount.resolve("tls.crt").toString(),
                "MIGRATION_GUARD_TLS_KEY", mount.resolve("tls.key").toString(),
                "MIGRATION_GUARD_TLS_CLIENT_CA", clientCaFile.toString(),
                "MIGRATION_GUARD_PORT", Integer.toString(port),
                "MIGRATION_GUARD_CLUSTER", "off",
                "QUARKUS_HTTP_HOST", "127.0.0.1"),
            tmp);
    ApiServerClient probe = target.client(port);
    service.awaitReady(Duration.ofSeconds(90), () -> status(probe, "/q/health/ready") == 200);
  }

  @AfterAll
  void stop() throws InterruptedException {
    if (service != null) {
      service.close();
    }
  }

  @Test
  void theApiServersCertificateIsAnsweredAndNoCertificateIsRefused() throws Exception {
    X509Certificate cert =
        (X509Certificate)
            CertificateFactory.getInstance("X.509")
                .generateCertificate(
                    new ByteArrayInputStream(decode(kubeconfigUser, "client-certificate-data")));
    String pem = new String(decode(kubeconfigUser, "client-key-data"));
    PrivateKey key =
        KeyFactory.getInstance("RSA")
            .generatePrivate(
                new PKCS8EncodedKeySpec(
                    Base64.getDecoder()
                        .decode(pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", ""))));
    assertTrue(cert.getExtendedKeyUsage().contains("1.3.6.1.5.5.7.3.2"), "clientAuth usage");
    byte[] review =
        Reviews.JSON.writeValueAsBytes(
            Reviews.request(Kind.POLICY, Operation.CREATE, Reviews.policy(), null));
    ApiServerClient apiServer =
        ApiServerClient.presenting(
            target.caBundle(),
            target.serverName(),
            new InetSocketAddress("127.0.0.1", port),
            cert,
            key);
    assertEquals(200, apiServer.post(target.path(), review).status(), "the API server");
    var anyone = target.client(port).post(target.path(), review);
    assertEquals(401, anyone.status(), "a client without a certificate");
    assertTrue(anyone.text().contains("\"reason\":\"Unauthorized\""), anyone.text());
    assertEquals(200, status(target.client(port), "/q/health/live"), "the kubelet's probe");
  }

  /**
   * Monitoring in this mode (issue 35): a real Prometheus scrapes {@code /q/metrics} as the
   * generated ServiceMonitor says, without a client certificate, and the certificate-expiry alert
   * fires on the scraped series of the 7-day certificate.
   */
  @Test
  void prometheusScrapesWithoutACertificateAndTheExpiryAlertFires() throws Exception {
    MetricsScrape.check(certs, port, true, tmp);
  }

  private static byte[] decode(JsonNode user, String field) {
    return Base64.getDecoder().decode(user.path(field).asText());
  }

  private static void write(Path dir, String name, JsonNode base64) {
    try {
      Files.write(dir.resolve(name), Base64.getDecoder().decode(base64.asText()));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static int status(ApiServerClient c, String path) {
    try {
      return c.get(path).status();
    } catch (java.io.IOException e) {
      return -1;
    }
  }
}
