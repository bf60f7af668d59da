package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Prometheus ({@link PrometheusProcess}) scraping a running packaged service as the
 * ServiceMonitor that certs/generate.sh writes says (scheme, path, the CA of the Secret it names,
 * its server name, no client certificate), with the alert rules of the PrometheusRule it writes.
 * Scrape and evaluation every second instead of every 30 s, to keep the tests short. Used by the
 * ITs that already run the service in each TLS mode (issue 35).
 */
final class MetricsScrape {
  private static final String JOB = "migration-guard";
  private static final String EXPIRING = "MigrationGuardCertificateExpiring";

  private MetricsScrape() {}

  /**
   * Scrapes the service on 127.0.0.1:{@code port} installed from {@code certs}, waits for {@code up
   * == 1}, and for the certificate-expiry alert's rule to have evaluated on the scraped series:
   * firing when {@code expiring}, silent otherwise.
   */
  static void check(Path certs, int port, boolean expiring, Path dir) throws Exception {
    Assumptions.assumeTrue(
        PrometheusProcess.available(),
        "prometheus is not installed (apt-get install prometheus; .ci/run does)");
    Manifests workload = Manifests.built(certs.resolve("workload"));
    Manifests monitoring = Manifests.built(certs.resolve("monitoring"));
    Path prom = Files.createDirectories(dir.resolve("prometheus"));
    JsonNode endpoint = monitoring.one("ServiceMonitor").at("/spec/endpoints/0");
    Manifests.YAML.writeValue(
        prom.resolve("rules.yaml").toFile(), monitoring.one("PrometheusRule").path("spec"));
    Files.writeString(
        prom.resolve("prometheus.yml"),
        "global: {scrape_interval: 1s, evaluation_interval: 1s}\n"
            + "rule_files: [rules.yaml]\n"
            + "scrape_configs:\n"
            + job(endpoint, workload, prom, port));
    try (PrometheusProcess prometheus =
        PrometheusProcess.start(prom.resolve("prometheus.yml"), prom)) {
      prometheus.await(
          Duration.ofSeconds(60), "up == 1", () -> jobs(prometheus.query("up == 1")).contains(JOB));
      // The alert's condition on this target's series, then the rule evaluated after that scrape.
      String soon = "migration_guard_certificate_expiry_seconds < 14 * 86400";
      String later = "migration_guard_certificate_expiry_seconds >= 14 * 86400";
      prometheus.await(
          Duration.ofSeconds(60),
          expiring ? soon : later,
          () -> jobs(prometheus.query(expiring ? soon : later)).contains(JOB));
      // The series was queryable at this instant: a rule evaluation after it sees it.
      java.time.Instant seen = java.time.Instant.now();
      prometheus.await(
          Duration.ofSeconds(60),
          "a rule evaluation after the series was scraped",
          () -> evaluatedAfter(prometheus, seen));
      assertTrue(
          firing(prometheus).contains(EXPIRING) == expiring,
          EXPIRING + (expiring ? " fires" : " is silent") + ": " + prometheus.api("alerts"));
      assertTrue(
          !firing(prometheus).contains("MigrationGuardNoReadyReplica"),
          "an alert without its series stays silent");
    }
  }

  /** A scrape job equivalent to the ServiceMonitor's endpoint, aimed at 127.0.0.1:port. */
  private static String job(JsonNode endpoint, Manifests workload, Path dir, int port)
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
    Path caFile = dir.resolve("ca.crt");
    String pem = secret.path("data").path(ca.path("key").asText()).asText();
    Files.write(caFile, Base64.getDecoder().decode(pem));
    return "  - job_name: "
        + JOB
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

  /** Whether the rule group last ran after {@code instant}. */
  private static boolean evaluatedAfter(PrometheusProcess prometheus, java.time.Instant instant) {
    JsonNode rules = prometheus.api("rules");
    if (rules == null) {
      return false;
    }
    try {
      return java.time.Instant.parse(rules.at("/groups/0/lastEvaluation").asText())
          .isAfter(instant);
    } catch (java.time.format.DateTimeParseException e) {
      return false; // not evaluated yet
    }
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
}
