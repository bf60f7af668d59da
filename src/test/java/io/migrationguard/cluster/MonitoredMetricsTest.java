package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.migrationguard.testing.Await;
import io.migrationguard.webhook.support.Https;
import io.migrationguard.webhook.support.InjectTlsDir;
import io.migrationguard.webhook.support.TlsDir;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import jakarta.inject.Inject;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every metric an alert or a dashboard panel of manifests/monitoring/ uses is one the running
 * service exports (read from its {@code /q/metrics} in cluster mode, after a review of each verdict
 * and a bad request), or an API-server or kube-state-metrics metric that docs/monitoring.md names
 * as such: an alert on a metric that does not exist never fires.
 */
@QuarkusTest
@TestProfile(ClusterWebhookProfile.class)
@WithKubernetesTestServer(crud = true)
class MonitoredMetricsTest {
  private static final Path DIR = Path.of("manifests", "monitoring");
  private static final Pattern NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_:]*");
  private static final Set<String> PROMQL =
      Set.of(
          "sum",
          "by",
          "min",
          "max",
          "rate",
          "increase",
          "histogram_quantile",
          "and",
          "or",
          "offset",
          "le",
          "name",
          "bool",
          "without",
          "on",
          "ignoring",
          "count",
          "avg");

  @TestHTTPResource(value = "/", tls = true)
  URL base;

  @InjectTlsDir TlsDir tls;
  @Inject ClusterRuntime runtime;

  @Test
  void everyMonitoredMetricExists() throws Exception {
    Await.until("caches synced", () -> runtime.caches().stream().allMatch(CacheState::synced));
    Wire wire = new Wire(base, tls.caCertificate());
    wire.validate(Reviews.policyCreate(Fixtures.policy("monitored", "team", "monitoring")));
    wire.validate(Reviews.policyCreate(Fixtures.policy("monitored-2", "team", "monitoring")));
    Https.given(base, tls.caCertificate())
        .contentType("application/json")
        .body("{}")
        .post("/validate");
    // A gauge whose object Micrometer holds weakly vanishes at the next GC: make it happen first.
    System.gc();
    String metrics =
        Https.given(base, tls.caCertificate()).get("/q/metrics").then().extract().asString();
    Set<String> exported = new TreeSet<>();
    for (String line : metrics.split("\n")) {
      Matcher m = NAME.matcher(line);
      if (!line.startsWith("#") && m.lookingAt()) {
        exported.add(m.group());
      }
    }
    String doc = Files.readString(Path.of("docs", "monitoring.md"));
    Set<String> used = used();
    assertTrue(used.size() >= 10, "metrics used: " + used);
    for (String metric : used) {
      if (metric.startsWith("migration_guard_")) {
        assertTrue(exported.contains(metric), metric + " is not exported: " + exported);
      } else {
        assertTrue(
            doc.contains("`" + metric + "`"),
            metric + ": not ours, and not named in docs/monitoring.md");
      }
    }
  }

  /** The metric names in every alert expression and panel query (series names, not functions). */
  private static Set<String> used() throws Exception {
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    StringBuilder exprs = new StringBuilder();
    for (JsonNode group :
        yaml.readTree(DIR.resolve("prometheusrule.yaml").toFile()).at("/spec/groups")) {
      group.path("rules").forEach(r -> exprs.append(r.path("expr").asText()).append('\n'));
    }
    JsonNode dashboard = new ObjectMapper().readTree(DIR.resolve("dashboard.json").toFile());
    dashboard
        .path("panels")
        .forEach(
            p ->
                p.path("targets").forEach(t -> exprs.append(t.path("expr").asText()).append('\n')));
    // Label matchers and their values, durations and numbers are not series names.
    String text = exprs.toString().replaceAll("\\{[^}]*}", " ").replaceAll("\\[[^]]*]", " ");
    Set<String> out = new TreeSet<>();
    Matcher m = NAME.matcher(text);
    while (m.find()) {
      String name = m.group();
      if (!PROMQL.contains(name) && name.contains("_")) {
        out.add(name);
      }
    }
    return out;
  }
}
