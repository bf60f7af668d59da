package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The monitoring works in every TLS mode, tried with a real Prometheus (issue 35). {@code
 * certs/generate.sh --api-server-client-cert --days 7} writes the install; the packaged service
 * runs twice with its Secret's files, once serving TLS only and once requiring the API server's
 * client certificate; one Prometheus (Debian's {@code prometheus}) on 127.0.0.1 scrapes both as the
 * generated ServiceMonitor says (scheme, path, the CA of the Secret it names, its server name, no
 * client certificate) and evaluates the generated PrometheusRule. Both targets are up, and the
 * certificate-expiry alert fires on the scraped series of the 7-day certificate. Scrape and
 * evaluation every second instead of the ServiceMonitor's 30 s, to keep the test short.
 */
class PrometheusScrapeIT {
  @TempDir static Path tmp;

  @Test
  void bothModesAreScrapedAndTheAlertsEvaluateOnWhatWasScraped() throws Exception {
    OpensslAssumption.require();
    Commands.assumeKubectl();
    Assumptions.assumeTrue(
        PrometheusProcess.available(),
        "prometheus is not installed (apt-get install prometheus; .ci/run does)");
    assertTrue(Files.isRegularFile(ServiceProcess.JAR), ServiceProcess.JAR + ": package first");
    Path certs = tmp.resolve("certs");
    Commands.generate(certs, "--api-server-client-cert", "--days", "7").ok();
    Manifests workload = Manifests.built(certs.resolve("workload"));
    Manifests monitoring = Manifests.built(certs.resolve("monitoring"));
    Path mount = Files.createDirectories(tmp.resolve("mount"));
    JsonNode secret = workload.one("Secret");
    secret.path("data").fields().forEachRemaining(e -> write(mount, e.getKey(), e.getValue()));
    String mountPath = workload.volumeMountPath("tls");
    String clientCa = workload.env("MIGRATION_GUARD_TLS_CLIENT_CA");
    assertTrue(clientCa != null && clientCa.startsWith(mountPath + "/"), clientCa);

    Map<String, String> tlsOnly = serviceEnv(mount);
    Map<String, String> clientCert = serviceEnv(mount);
    clientCert.put(
        "MIGRATION_GUARD_TLS_CLIENT_CA",
        mount.resolve(clientCa.substring(mountPath.length() + 1)).toString());
    WebhookTarget target = WebhookTarget.all(Manifests.base(), certs).get(0);
    try (ServiceProcess plain = start(tlsOnly, "tls-only");
        ServiceProcess mutual = start(clientCert, "client-cert")) {
      int plainPort = Integer.parseInt(tlsOnly.get("MIGRATION_GUARD_PORT"));
      int mutualPort = Integer.parseInt(clientCert.get("MIGRATION_GUARD_PORT"));
      plain.awaitReady(Duration.ofSeconds(90), () -> ready(target, plainPort));
      mutual.awaitReady(Duration.ofSeconds(90), () -> ready(target, mutualPort));
      // Still only the API server may send reviews there.
      byte[] review =
          Reviews.JSON.writeValueAsBytes(
              Reviews.request(Kind.POLICY, Operation.CREATE, Reviews.policy(), null));
      assertEquals(401, target.client(mutualPort).post(target.path(), review).status());

      Path prom = Files.createDirectories(tmp.resolve("prometheus"));
      JsonNode endpoint = monitoring.one("ServiceMonitor").at("/spec/endpoints/0");
      String scrape =
          job("tls-only", endpoint, workload, prom, plainPort)
              + job("client-cert", endpoint, workload, prom, mutualPort);
      Manifests.YAML.writeValue(
          prom.resolve("rules.yaml").toFile(), monitoring.one("PrometheusRule").path("spec"));
      Files.writeString(
          prom.resolve("prometheus.yml"),
          "global: {scrape_interval: 1s, evaluation_interval: 1s}\n"
              + "rule_files: [rules.yaml]\n"
              + "scrape_configs:\n"
              + scrape);
      try (PrometheusProcess prometheus =
          PrometheusProcess.start(prom.resolve("prometheus.yml"), prom)) {
        prometheus.await(
            Duration.ofSeconds(60),
            "up == 1 for both jobs",
            () -> jobs(prometheus.query("up == 1")).equals(Set.of("tls-only", "client-cert")));
        prometheus.await(
            Duration.ofSeconds(60),
            "the certificate-expiry condition on the series of both jobs",
            () ->
                jobs(prometheus.query("migration_guard_certificate_expiry_seconds < 14 * 86400"))
                    .equals(Set.of("tls-only", "client-cert")));
        prometheus.await(
            Duration.ofSeconds(60),
            "MigrationGuardCertificateExpiring firing",
            () -> firing(prometheus).contains("MigrationGuardCertificateExpiring"));
        assertTrue(
            !firing(prometheus).contains("MigrationGuardNoReadyReplica"),
            "an alert without its series stays silent");
      }
    }
  }

  /** A scrape job equivalent to the ServiceMonitor's endpoint, aimed at 127.0.0.1:port. */
  private static String job(String name, JsonNode endpoint, Manifests workload, Path dir, int port)
      throws Exception {
    JsonNode tls = endpoint.path("tlsConfig");
    assertTrue(tls.path("cert").isMissingNode(), "the ServiceMonitor presents no certificate");
    JsonNode ca = tls.at("/ca/secret");
    JsonNode secret = null;
    for (JsonNode s : workload.all("Secret")) {
      if (s.at("/metadata/name").asText().equals(ca.path("name").asText())) {
        secret = s;
      }
    }
    assertTrue(secret != null, "the ServiceMonitor's CA Secret is in the workload: " + ca);
    Path caFile = dir.resolve("ca-" + name + ".crt");
    Files.write(
        caFile,
        Base64.getDecoder().decode(secret.path("data").path(ca.path("key").asText()).asText()));
    return "  - job_name: "
        + name
        + "\n    scheme: "
        + endpoint.path("scheme").asText()
        + "\n    metrics_path: "
        + endpoint.path("path").asText()
        + "\n    tls_config: {ca_file: "
        + caFile.toAbsolutePath()
        + ", server_name: "
        + tls.path("serverName").asText()
        + "}\n    static_configs: [{targets: ['127.0.0.1:"
        + port
        + "']}]\n";
  }

  private static Set<String> jobs(JsonNode result) {
    Set<String> out = new TreeSet<>();
    if (result != null) {
      result.forEach(r -> out.add(r.at("/metric/job").asText()));
    }
    return out;
  }

  private static Set<String> firing(PrometheusProcess prometheus) {
    Set<String> out = new TreeSet<>();
    JsonNode data = prometheus.api("alerts");
    if (data != null) {
      for (JsonNode a : data.path("alerts")) {
        if (a.path("state").asText().equals("firing")) {
          out.add(a.at("/labels/alertname").asText());
        }
      }
    }
    return out;
  }

  private static Map<String, String> serviceEnv(Path mount) throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("MIGRATION_GUARD_TLS_CERT", mount.resolve("tls.crt").toString());
    env.put("MIGRATION_GUARD_TLS_KEY", mount.resolve("tls.key").toString());
    env.put("MIGRATION_GUARD_PORT", Integer.toString(ServiceProcess.freePort()));
    env.put("MIGRATION_GUARD_CLUSTER", "off");
    env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
    return env;
  }

  private static ServiceProcess start(Map<String, String> env, String dir) throws Exception {
    return ServiceProcess.start(env, Files.createDirectories(tmp.resolve(dir)));
  }

  private static boolean ready(WebhookTarget target, int port) {
    try {
      return target.client(port).get("/q/health/ready").status() == 200;
    } catch (Exception e) {
      return false;
    }
  }

  private static void write(Path dir, String name, JsonNode base64) {
    try {
      Files.write(dir.resolve(name), Base64.getDecoder().decode(base64.asText()));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
