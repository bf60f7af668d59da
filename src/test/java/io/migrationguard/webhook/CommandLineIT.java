package io.migrationguard.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The packaged jar's command line, for real: {@code --help}, {@code version} and a typo answer and
 * exit at once; none starts a server (a typo in a CI job must not hang it on a port).
 */
class CommandLineIT {
  record Exit(int code, String output, long millis) {}

  private static Exit run(String... args) throws IOException, InterruptedException {
    return runWith(List.of(), args);
  }

  private static Exit runWith(List<String> jvm, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvm);
    command.add("-jar");
    command.add("target/quarkus-app/quarkus-run.jar");
    command.addAll(List.of(args));
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    boolean exited = p.waitFor(20, TimeUnit.SECONDS);
    if (!exited) {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    assertTrue(exited, "exits on its own: " + String.join(" ", args));
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Exit(p.exitValue(), out, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
  }

  @Test
  void helpVersionAndTyposExitWithoutAServer() throws Exception {
    for (String[] args :
        List.of(
            new String[] {"--help"},
            new String[] {"-h"},
            new String[] {"help"},
            new String[] {"version"},
            new String[] {"--version"},
            new String[] {"lnt", "manifests/"},
            new String[] {"lint", "--help"},
            new String[] {"export", "--help"})) {
      Exit e = run(args);
      boolean typo = args[0].equals("lnt");
      assertEquals(typo ? 2 : 0, e.code(), String.join(" ", args) + ": " + e.output());
      assertFalse(e.output().contains("Listening on"), e.output());
      System.out.println(
          "command line: "
              + String.join(" ", args)
              + " exit "
              + e.code()
              + " in "
              + e.millis()
              + " ms");
    }
  }

  /** A KubeVirt release the service cannot judge for stops it at start, naming the setting. */
  @Test
  void anUnknownKubeVirtVersionStopsTheService() throws Exception {
    Exit e =
        runWith(
            List.of(
                "-Dmigration-guard.kubevirt-version=v1.2",
                "-Dmigration-guard.cluster=off",
                "-Dquarkus.http.ssl-port=0",
                "-Dmigration-guard.startup-training=false"));
    assertTrue(e.code() != 0, e.output());
    assertTrue(e.output().contains("migration-guard.kubevirt-version"), e.output());
    assertTrue(e.output().contains("v1.5, main"), e.output());
    assertFalse(e.output().contains("Listening on"), e.output());
  }

  /** A configured default that every user's object would be refused for stops the service. */
  @Test
  void aDefaultTheRulesRefuseStopsTheService() throws Exception {
    Exit e =
        runWith(
            List.of(
                "-Dmigration-guard.defaults.virtualmachineinstancemigration.spec.priority=system-critical",
                "-Dmigration-guard.cluster=off",
                "-Dquarkus.http.ssl-port=0"));
    assertTrue(e.code() != 0, e.output());
    assertTrue(
        e.output().contains("migration-guard.defaults.virtualmachineinstancemigration:"),
        e.output());
    assertFalse(e.output().contains("Listening on"), e.output());
  }

  /** A rule action that cannot be applied stops the service with one line naming the entry. */
  @Test
  void aBadRuleActionStopsTheService() throws Exception {
    for (String[] bad :
        List.of(
            new String[] {"vmim-priority-enun=warn", "did you mean vmim-priority-enum?"},
            new String[] {"vmim-priority-enum=audit", "must be deny, warn or off"},
            new String[] {"schema=off", "schema cannot be relaxed"})) {
      Exit e =
          runWith(
              List.of(
                  "-Dmigration-guard.rule-actions=" + bad[0],
                  "-Dmigration-guard.cluster=off",
                  "-Dquarkus.http.ssl-port=0"));
      assertTrue(e.code() != 0, e.output());
      assertTrue(e.output().contains("migration-guard.rule-actions: "), e.output());
      assertTrue(e.output().contains(bad[1]), bad[0] + ": " + e.output());
      assertFalse(e.output().contains("Listening on"), e.output());
    }
  }

  /** Bad settings: one line each (name, value, environment variable, what is allowed), exit 1. */
  @Test
  void badSettingsAreOneLineEachAndNoStackTrace() throws Exception {
    Exit e =
        runWith(
            List.of(
                "-Dmigration-guard.port=http",
                "-Dmigration-guard.cluster=maybe",
                "-Dmigration-guard.body-budget=1k",
                "-Dmigration-guard.audit.interval=30s"));
    assertEquals(1, e.code(), e.output());
    List<String> lines = e.output().lines().toList();
    assertEquals(4, lines.size(), e.output());
    assertTrue(
        lines
            .get(0)
            .startsWith(
                "migration-guard.port: 'http' (MIGRATION_GUARD_PORT): a port number (0: any free port) from 0 to 65535"),
        e.output());
    assertTrue(
        e.output()
            .contains(
                "migration-guard.cluster: 'maybe' (MIGRATION_GUARD_CLUSTER): one of auto, on, off"),
        e.output());
    assertFalse(e.output().contains("Exception") || e.output().contains("\tat "), e.output());
  }
}
