package io.migrationguard.deploy;

import io.migrationguard.testing.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged service ({@code target/quarkus-app/quarkus-run.jar}) as a child process, the way the
 * container runs it. Close it (try-with-resources) to stop it: SIGTERM, then a kill after a bounded
 * wait.
 */
final class ServiceProcess implements AutoCloseable {
  static final Path JAR = Path.of("target", "quarkus-app", "quarkus-run.jar");

  private final Process process;
  private final Path log;

  private ServiceProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /** Starts the jar with {@code env} added to this JVM's environment, in {@code workDir}. */
  static ServiceProcess start(Map<String, String> env, Path workDir) throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path log = workDir.resolve("service.log");
    ProcessBuilder pb =
        new ProcessBuilder(
                List.of(
                    java.toString(),
                    "-Xmx256m",
                    "-Djava.io.tmpdir=" + workDir.toAbsolutePath(),
                    "-jar",
                    JAR.toAbsolutePath().toString()))
            .directory(workDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    pb.environment().remove("KUBECONFIG");
    pb.environment().putAll(env);
    return new ServiceProcess(pb.start(), log);
  }

  /** A port nobody listens on right now, on the loopback interface. */
  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /**
   * Waits until {@code ready} returns true, at most {@code timeout}; fails early when the process
   * exits, with the end of its log.
   */
  void awaitReady(Duration timeout, java.util.function.BooleanSupplier ready)
      throws InterruptedException {
    try {
      Await.until(timeout, () -> !process.isAlive() || ready.getAsBoolean(), "the service ready");
    } catch (AssertionError notReady) {
      throw new AssertionError(notReady.getMessage() + "\n" + logTail(), notReady);
    }
    if (!process.isAlive()) {
      throw new AssertionError("the service exited with " + process.exitValue() + "\n" + logTail());
    }
  }

  /** The process id, to tell a reload from a restart. */
  long pid() {
    return process.isAlive() ? process.pid() : -1;
  }

  /** Kills the process at once (SIGKILL), as a node failure or an OOM kill would. */
  void kill() throws InterruptedException {
    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
  }

  /** The last 60 lines the service printed, for failure messages. */
  String logTail() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
