package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/migration-guard-lint}, the pre-commit hook's entry and the CI launcher, run as
 * pre-commit runs it: file names after {@code --} are files whatever they are named; without {@code
 * --} the hook refuses; a jar that cannot run exits 2; a build lock left by a killed build is taken
 * over at once.
 */
class LauncherIT {
  private static final Path LAUNCHER = Path.of("bin", "migration-guard-lint").toAbsolutePath();
  private static final Path JAR =
      Path.of("target", "quarkus-app", "quarkus-run.jar").toAbsolutePath();
  private static final String INVALID =
      "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata: {name: p}\n"
          + "spec: {completionTimeoutPerGiB: -5, selectors: {namespaceSelector: {team: a}}}\n";

  @TempDir Path dir;

  record Result(int exit, String out, String err) {}

  private Result run(Path launcher, Map<String, String> env, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("sh", launcher.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.environment().putAll(env);
    Path out = dir.resolve(".out-" + System.nanoTime());
    Path err = dir.resolve(".err-" + System.nanoTime());
    Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "launcher still running after 120 s");
    return new Result(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void fileNamesAfterTheSeparatorAreFilesNeverOptions() throws Exception {
    Files.writeString(dir.resolve("--config=cfg.yaml"), INVALID);
    Files.writeString(dir.resolve("-ojson=victim.yaml"), INVALID);
    Files.writeString(dir.resolve("victim.yaml"), "keep me\n");
    Files.writeString(dir.resolve("cfg.yaml"), "rules: {policy-completion-timeout: off}\n");
    Result r =
        run(
            LAUNCHER,
            Map.of("MIGRATION_GUARD_JAR", JAR.toString()),
            "--pre-commit",
            "--",
            "--config=cfg.yaml",
            "-ojson=victim.yaml");
    assertEquals(1, r.exit(), r.err());
    assertTrue(r.out().contains("--config=cfg.yaml:"), r.out());
    assertTrue(r.out().contains("-ojson=victim.yaml:"), r.out());
    assertEquals("keep me\n", Files.readString(dir.resolve("victim.yaml")));

    Result refused =
        run(
            LAUNCHER,
            Map.of("MIGRATION_GUARD_JAR", JAR.toString()),
            "--pre-commit",
            "--config=cfg.yaml");
    assertEquals(2, refused.exit());
    assertTrue(refused.err().contains("must end with --"), refused.err());
  }

  @Test
  void aJarThatCannotRunIsExitTwo() throws Exception {
    Path garbage = dir.resolve("garbage.jar");
    Files.writeString(garbage, "not a jar");
    Path truncated = dir.resolve("truncated.jar");
    byte[] whole = Files.readAllBytes(JAR);
    Files.write(truncated, java.util.Arrays.copyOf(whole, whole.length / 2));
    Files.writeString(dir.resolve("ok.yaml"), INVALID);
    for (Path jar : List.of(garbage, truncated, dir.resolve("missing.jar"))) {
      Result r = run(LAUNCHER, Map.of("MIGRATION_GUARD_JAR", jar.toString()), "ok.yaml");
      assertEquals(2, r.exit(), jar + ": " + r.err());
      assertTrue(r.err().startsWith("migration-guard-lint: " + jar), r.err());
    }
  }

  @Test
  void aBuildLockWhoseOwnerIsGoneIsTakenOver() throws Exception {
    // A checkout of its own: a build that writes a jar that cannot run, so the test ends at once.
    Path root = dir.resolve("checkout");
    Files.createDirectories(root.resolve("bin"));
    Files.createDirectories(root.resolve("src/main"));
    Files.writeString(root.resolve("pom.xml"), "<project/>\n");
    Path launcher = root.resolve("bin/migration-guard-lint");
    Files.copy(LAUNCHER, launcher);
    Path mvnw = root.resolve("mvnw");
    Files.writeString(
        mvnw,
        "#!/bin/sh\nmkdir -p target/quarkus-app && echo broken > target/quarkus-app/quarkus-run.jar\n");
    Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path lock = Files.createDirectories(root.resolve("target/.migration-guard-lint.lock"));
    Files.writeString(lock.resolve("pid"), deadPid() + "\n");
    long t0 = System.nanoTime();
    Result r = run(launcher, Map.of(), "x.yaml");
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
    assertTrue(r.err().contains("taking over the build lock"), r.err());
    assertTrue(seconds < 30, "took " + seconds + " s");
    assertEquals(2, r.exit(), r.err()); // the jar it built cannot run
    assertTrue(Files.notExists(lock), "the lock is released");
  }

  /** The PID of a process that has exited. */
  private static long deadPid() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    return p.pid();
  }
}
