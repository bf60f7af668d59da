package io.migrationguard.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the tools an operator would (certs/generate.sh, openssl, kubectl) with a bounded wait, from
 * the project directory. Use {@link #available} to skip a test when a tool is missing.
 */
final class Commands {
  /** The script under test, relative to the project directory. */
  static final Path GENERATE = Path.of("certs", "generate.sh");

  /** Exit code and combined stdout/stderr of one finished command. */
  record Result(int exit, String output) {
    Result ok() {
      if (exit != 0) {
        throw new AssertionError("exit " + exit + ":\n" + output);
      }
      return this;
    }
  }

  private Commands() {}

  /** Runs certs/generate.sh with {@code --out out} and {@code args}. */
  static Result generate(Path out, String... args) {
    List<String> cmd =
        new ArrayList<>(List.of("bash", GENERATE.toString(), "--out", out.toString()));
    cmd.addAll(List.of(args));
    return run(cmd);
  }

  /** Whether {@code tool} runs at all ({@code tool version} or similar exits 0). */
  static boolean available(String... probe) {
    try {
      return run(List.of(probe)).exit() == 0;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** Skips (never silently passes) a test that needs kubectl's built-in kustomize. */
  static void assumeKubectl() {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        available("kubectl", "version", "--client"),
        "kubectl is not installed: the kustomize builds are not checked");
  }

  /** Runs {@code cmd}, waiting at most 120 s; the process is killed when that is exceeded. */
  static Result run(List<String> cmd) {
    Path log = null;
    try {
      log = Files.createTempFile("mg-cmd", ".log");
      Process p =
          new ProcessBuilder(cmd)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
              .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError("timed out: " + cmd);
      }
      return new Result(p.exitValue(), Files.readString(log));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + cmd, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted: " + cmd, e);
    } finally {
      if (log != null) {
        log.toFile().delete();
      }
    }
  }

  private static java.io.File nullDevice() {
    return new java.io.File(
        System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
  }
}
