package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.cli.MisbehavingApiServer.Behaviour;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code lint --cluster} and {@code explain vmi} against API servers that stall, trickle or never
 * stop (issue 37): each ends with exit 2 and one line, within {@code --request-timeout} (2 s here)
 * plus a margin generous enough for a loaded machine, far below the hang it was.
 */
class BadApiServerTest {
  /** Far more than the 2 s asked, far less than the minutes (or for ever) it took before. */
  private static final Duration MARGIN = Duration.ofSeconds(25);

  @TempDir Path tmp;
  private MockCluster kubeconfig;

  @BeforeEach
  void start() throws Exception {
    kubeconfig = new MockCluster(tmp);
  }

  @AfterEach
  void stop() {
    kubeconfig.close();
  }

  @ParameterizedTest
  @EnumSource(Behaviour.class)
  void lintClusterEndsWithinItsDeadline(Behaviour b) throws Exception {
    try (MisbehavingApiServer server = new MisbehavingApiServer(b)) {
      kubeconfig.pointAt(server.url());
      long t0 = System.nanoTime();
      LintHarness.Result r = LintHarness.run("--cluster", "--request-timeout", "2s");
      Duration took = Duration.ofNanos(System.nanoTime() - t0);
      assertEquals(2, r.code(), r.out() + r.err());
      List<String> lines = r.err().lines().toList();
      assertEquals(1, lines.size(), r.err());
      assertTrue(
          lines
              .get(0)
              .startsWith(
                  "lint: --cluster: "
                      + (b == Behaviour.ENDLESS_LIST ? "an answer of" : "the API server at")),
          r.err());
      assertTrue(took.compareTo(Duration.ofSeconds(2).plus(MARGIN)) < 0, took.toString());
    }
  }

  @ParameterizedTest
  @EnumSource(Behaviour.class)
  void explainVmiEndsWithinItsDeadline(Behaviour b) throws Exception {
    try (MisbehavingApiServer server = new MisbehavingApiServer(b)) {
      kubeconfig.pointAt(server.url());
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      long t0 = System.nanoTime();
      int code =
          Explain.run(
              new String[] {"vmi", "vm1", "-n", "a", "--request-timeout=2"},
              new ByteArrayInputStream(new byte[0]),
              new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8));
      Duration took = Duration.ofNanos(System.nanoTime() - t0);
      String e = err.toString(StandardCharsets.UTF_8);
      assertEquals(2, code, e);
      assertEquals(1, e.lines().count(), e);
      assertTrue(e.startsWith("explain: "), e);
      assertTrue(took.compareTo(Duration.ofSeconds(2).plus(MARGIN)) < 0, took.toString());
    }
  }
}
