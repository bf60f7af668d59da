package io.migrationguard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.cluster.ClusterDetection;
import io.migrationguard.webhook.config.BodyBudgetBound;
import io.migrationguard.webhook.tls.CertificateAuthority;
import io.migrationguard.webhook.tls.KeyAndCertificate;
import io.migrationguard.webhook.tls.Pem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up errors of issue 37 that stopped the service with a 36-47-line stack trace: each is
 * now exactly one line before start, naming the setting and quoting the bad value.
 */
class SettingsCrossChecksTest {
  /** No kubeconfig, no master URL, not in a pod. */
  private static final ClusterDetection NO_CLUSTER =
      new ClusterDetection(n -> null, n -> null, null, null);

  @TempDir Path dir;

  private static List<String> problems(Map<String, String> set) {
    var defaults = SettingsPreflight.ofThisProcess();
    return SettingsPreflight.problems(
        name -> set.containsKey(name) ? Optional.of(set.get(name)) : defaults.apply(name),
        set.keySet(),
        NO_CLUSTER);
  }

  private static void oneLine(Map<String, String> set, String setting, String value) {
    List<String> lines = problems(set);
    assertEquals(1, lines.size(), set + ": " + lines);
    String line = lines.get(0);
    assertTrue(line.startsWith(setting + ": '" + value + "' ("), line);
    assertTrue(!line.contains("\n") && !line.contains("Exception"), line);
  }

  @Test
  void theDefaultsPassWithoutACluster() {
    assertEquals(List.of(), problems(Map.of()));
  }

  @Test
  void theTtlsMustAgree() {
    oneLine(
        Map.of("migration-guard.cluster.unseen-ttl", "20s"),
        "migration-guard.cluster.unseen-ttl",
        "20s");
    List<String> lines = problems(Map.of("migration-guard.cluster.inflight-ttl", "1s"));
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(
        lines.get(0).contains("migration-guard.cluster.inflight-ttl, which is '1s'"), lines.get(0));
  }

  @Test
  void theHostIsOneTheServerCanBind() {
    oneLine(Map.of("migration-guard.host", "256.1.1.1"), "migration-guard.host", "256.1.1.1");
    oneLine(Map.of("migration-guard.host", "127.0.0.1 "), "migration-guard.host", "127.0.0.1 ");
    oneLine(Map.of("migration-guard.host", "1.2.3"), "migration-guard.host", "1.2.3");
    assertEquals(List.of(), problems(Map.of("migration-guard.host", "127.0.0.1")));
    assertEquals(List.of(), problems(Map.of("migration-guard.host", "::1")));
  }

  @Test
  void theAuditNeedsLookupsAndLookupsNeedAnApiServer() {
    oneLine(
        Map.of("migration-guard.audit.interval", "10m"), "migration-guard.audit.interval", "10m");
    oneLine(
        Map.of("migration-guard.audit.interval", "10m", "migration-guard.cluster", "off"),
        "migration-guard.audit.interval",
        "10m");
    oneLine(Map.of("migration-guard.cluster", "on"), "migration-guard.cluster", "on");
  }

  @Test
  void aKeyThatIsNotTheCertificatesIsRefused() throws Exception {
    CertificateAuthority ca = CertificateAuthority.create("test", Duration.ofDays(1));
    KeyAndCertificate a = ca.issue("a", List.of("localhost"), List.of(), Duration.ofDays(1));
    KeyAndCertificate b = ca.issue("b", List.of("localhost"), List.of(), Duration.ofDays(1));
    Path cert = Files.writeString(dir.resolve("tls.crt"), Pem.certificates(a.certificate()));
    Path key = Files.writeString(dir.resolve("tls.key"), Pem.privateKey(b.key()));
    Map<String, String> set =
        Map.of(
            "migration-guard.tls.cert", cert.toString(), "migration-guard.tls.key", key.toString());
    oneLine(set, "migration-guard.tls.key", key.toString());
    assertTrue(problems(set).get(0).contains("does not belong to the certificate"));
    Files.writeString(key, Pem.privateKey(a.key()));
    assertEquals(List.of(), problems(set));
    Path notPem = Files.writeString(dir.resolve("ca.crt"), "not a certificate");
    oneLine(
        Map.of("migration-guard.tls.client-ca", notPem.toString()),
        "migration-guard.tls.client-ca",
        notPem.toString());
  }

  @Test
  void theBodyBudgetHasAnUpperBound() {
    oneLine(Map.of("migration-guard.body-budget", "1T"), "migration-guard.body-budget", "1T");
    assertTrue(
        problems(Map.of("migration-guard.body-budget", "1T")).get(0).contains("quarter"),
        "the bound is explained");
    assertEquals(64L << 20, BodyBudgetBound.most(256L << 20));
  }

  @Test
  void theQuarkusSettingsTheDocsNameAreChecked() {
    oneLine(Map.of("quarkus.http.idle-timeout", "soon"), "quarkus.http.idle-timeout", "soon");
    oneLine(
        Map.of("quarkus.http.limits.max-concurrent-streams", "0"),
        "quarkus.http.limits.max-concurrent-streams",
        "0");
    oneLine(
        Map.of("quarkus.http.limits.rst-flood-max-rst-frame-per-window", "many"),
        "quarkus.http.limits.rst-flood-max-rst-frame-per-window",
        "many");
    oneLine(
        Map.of("quarkus.http.limits.max-body-size", "3X"),
        "quarkus.http.limits.max-body-size",
        "3X");
  }

  @Test
  void aMalformedConfiguredDefaultIsOneLine() {
    List<String> lines = problems(Map.of("migration-guard.defaults.migrationpolicy", "{\"spec\":"));
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(lines.get(0).startsWith("migration-guard.defaults.migrationpolicy"), lines.get(0));
  }
}
