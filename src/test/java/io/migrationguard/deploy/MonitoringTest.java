package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The monitoring that ships with the manifests (manifests/monitoring/): the PrometheusRule's rules
 * pass {@code promtool check rules}, every alert has a {@code promtool test rules} case that fires
 * it, a runbook section in docs/monitoring.md behind its {@code runbook_url}, and the overlay
 * builds. promtool comes from Debian's {@code prometheus} package ({@code .ci/run} installs it).
 */
class MonitoringTest {
  static final Path DIR = Path.of("manifests", "monitoring");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path DOC = Path.of("docs", "monitoring.md");

  static JsonNode rules() throws Exception {
    return YAML.readTree(DIR.resolve("prometheusrule.yaml").toFile()).path("spec");
  }

  static List<JsonNode> alerts() throws Exception {
    List<JsonNode> out = new java.util.ArrayList<>();
    for (JsonNode group : rules().path("groups")) {
      group.path("rules").forEach(out::add);
    }
    return out;
  }

  /** promtool's copy of the rules is the PrometheusRule's spec, field for field. */
  @Test
  void promtoolsRulesFileIsThePrometheusRulesSpec() throws Exception {
    assertEquals(rules(), YAML.readTree(DIR.resolve("tests/rules.yaml").toFile()));
  }

  /** As docs/monitoring.md says, from the repository's root of a fresh clone: nothing built. */
  @Test
  void theRulesPassPromtoolAndTheirUnitTests() {
    Assumptions.assumeTrue(
        Commands.available("promtool", "--version"),
        "promtool is not installed (apt-get install prometheus; .ci/run does)");
    Commands.run(List.of("promtool", "check", "rules", DIR.resolve("tests/rules.yaml").toString()))
        .ok();
    Commands.Result r =
        Commands.run(
            List.of("promtool", "test", "rules", DIR.resolve("tests/alerts.test.yaml").toString()));
    assertEquals(0, r.exit(), r.output());
    assertTrue(r.output().contains("SUCCESS"), r.output());
  }

  @Test
  void everyAlertHasATestThatFiresItAndARunbook() throws Exception {
    String tests = Files.readString(DIR.resolve("tests/alerts.test.yaml"));
    String doc = Files.readString(DOC);
    Set<String> anchors = new TreeSet<>();
    Matcher m = Pattern.compile("(?m)^### (\\S+)$").matcher(doc);
    while (m.find()) {
      anchors.add(m.group(1).toLowerCase(java.util.Locale.ROOT));
    }
    List<JsonNode> alerts = alerts();
    assertTrue(alerts.size() >= 8, "alerts: " + alerts.size());
    for (JsonNode a : alerts) {
      String name = a.path("alert").asText();
      assertTrue(
          Pattern.compile("alertname: " + name + "\\n\\s+exp_alerts:\\n\\s+- exp_labels")
              .matcher(tests)
              .find(),
          name + ": no promtool case in which it fires");
      String url = a.at("/annotations/runbook_url").asText();
      assertEquals(
          docs() + "/monitoring.md#" + name.toLowerCase(java.util.Locale.ROOT),
          url,
          "the pom's migration-guard.docs, as the SARIF helpUri");
      assertTrue(anchors.contains(name.toLowerCase(java.util.Locale.ROOT)), name + ": no runbook");
      assertTrue(!a.path("labels").path("severity").asText().isEmpty(), name + ": severity");
    }
  }

  /**
   * The pom's default of {@code migration-guard.docs} (the one setting the SARIF helpUri and the
   * runbook links come from), its {@code ${...}} references resolved from the pom's properties.
   */
  static String docs() throws Exception {
    String pom = Files.readString(Path.of("pom.xml"));
    String value = property(pom, "migration-guard.docs");
    Matcher ref = Pattern.compile("\\$\\{([^}]+)}").matcher(value);
    StringBuilder out = new StringBuilder();
    while (ref.find()) {
      ref.appendReplacement(out, Matcher.quoteReplacement(property(pom, ref.group(1))));
    }
    return ref.appendTail(out).toString();
  }

  private static String property(String pom, String name) {
    Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]*)</").matcher(pom);
    assertTrue(m.find(), "pom.xml has no property " + name);
    return m.group(1).strip();
  }

  /**
   * The dashboard names no namespace, Service or job: it follows any install's names as it is (the
   * ConfigMap lands in the install's namespace through the overlay).
   */
  @Test
  void theDashboardSelectsNoInstallName() throws Exception {
    List<String> exprs = new java.util.ArrayList<>();
    Matcher m =
        Pattern.compile("\"expr\":\\s*\"((?:[^\"\\\\]|\\\\.)*)\"")
            .matcher(Files.readString(DIR.resolve("dashboard.json")));
    while (m.find()) {
      exprs.add(m.group(1));
    }
    assertTrue(exprs.size() >= 8, "panels: " + exprs.size());
    for (String e : exprs) {
      assertTrue(!e.matches(".*\\b(namespace|service|job|pod)\\s*=.*"), e);
    }
  }

  @Test
  void theOverlayBuilds() {
    Commands.assumeKubectl();
    String out = Commands.run(List.of("kubectl", "kustomize", DIR.toString())).ok().output();
    for (String kind : List.of("ServiceMonitor", "PrometheusRule", "ConfigMap")) {
      assertTrue(out.contains("kind: " + kind), kind);
    }
    assertTrue(out.contains("grafana_dashboard: \"1\""), "the dashboard's sidecar label");
  }
}
