package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hook of {@code .pre-commit-hooks.yaml}, run by pre-commit itself as a user of this repository
 * would: a repository whose {@code .pre-commit-config.yaml} names a hook repository (a git copy of
 * this one's hook files) at a commit. {@code MIGRATION_GUARD_JAR} points the entry script at the
 * packaged jar, so the hook does not build it again. Skipped when pre-commit or git is not
 * installed.
 */
class PreCommitHookIT {
  private static final Path JAR = Path.of("target", "quarkus-app", "quarkus-run.jar");
  private static final String HOOK_ID = "migration-guard-lint";

  private static final String VALID_YAML =
      """
      apiVersion: migrations.kubevirt.io/v1alpha1
      kind: MigrationPolicy
      metadata:
        name: databases-fast
      spec:
        bandwidthPerMigration: 1Gi
        selectors:
          namespaceSelector:
            team: databases
      """;
  private static final String VALID_JSON =
      """
      {"apiVersion": "migrations.kubevirt.io/v1alpha1", "kind": "MigrationPolicy",
       "metadata": {"name": "web-slow"},
       "spec": {"completionTimeoutPerGiB": 800,
                "selectors": {"namespaceSelector": {"team": "web"}}}}
      """;
  private static final String INVALID_YAML =
      """
      apiVersion: migrations.kubevirt.io/v1alpha1
      kind: MigrationPolicy
      metadata:
        name: never-finishes
      spec:
        completionTimeoutPerGiB: -5
        selectors:
          namespaceSelector:
            team: batch
      """;

  record Result(int exit, String output) {}

  @TempDir Path tmp;
  private Map<String, String> env;

  @Test
  void passesValidManifestsAndFailsAnInvalidOneNamingTheRule() throws Exception {
    Assumptions.assumeTrue(
        available("pre-commit", "--version"), "pre-commit is not installed: skipped");
    Assumptions.assumeTrue(available("git", "--version"), "git is not installed: skipped");
    assertTrue(Files.isRegularFile(JAR), JAR + " is built by package, before this test");
    long t0 = System.nanoTime();
    environment();

    Path hooks = tmp.resolve("hooks");
    String rev = hookRepository(hooks);

    // The user's repository.
    Path work = Files.createDirectories(tmp.resolve("work"));
    git(work, "init", "-q");
    Files.writeString(
        work.resolve(".pre-commit-config.yaml"),
        "repos:\n  - repo: "
            + hooks
            + "\n    rev: "
            + rev
            + "\n    hooks:\n      - id: "
            + HOOK_ID
            + "\n");
    Files.createDirectories(work.resolve("policies"));
    Files.writeString(work.resolve("policies/fast.yaml"), VALID_YAML);
    Files.writeString(work.resolve("policies/slow.json"), VALID_JSON);
    Files.writeString(work.resolve("policies/broken.yaml"), INVALID_YAML);
    Files.writeString(work.resolve("notes.txt"), "Not a manifest: kind: MigrationPolicy\n");

    // Valid YAML and JSON pass; notes.txt is not a yaml/json file and is not handed to the lint.
    Result valid =
        run(
            work,
            "pre-commit",
            "run",
            "--color=never",
            "--verbose",
            "--files",
            "policies/fast.yaml",
            "policies/slow.json",
            "notes.txt");
    assertEquals(0, valid.exit(), valid.output());
    assertTrue(valid.output().contains("Passed"), valid.output());
    assertTrue(valid.output().contains("2 resources found in 2 files"), valid.output());
    assertFalse(valid.output().contains("notes.txt"), valid.output());

    // The invalid one fails with the lint's exit code, and the finding names the rule.
    Result invalid =
        run(work, "pre-commit", "run", "--color=never", "--files", "policies/broken.yaml");
    assertEquals(1, invalid.exit(), invalid.output());
    assertTrue(invalid.output().contains("Failed"), invalid.output());
    assertTrue(invalid.output().contains("- exit code: 1"), invalid.output());
    assertTrue(
        invalid.output().contains("policies/broken.yaml:6:3: error [policy-completion-timeout]"),
        invalid.output());

    // As a git hook: the commit of the invalid file is refused, that of the valid ones made.
    assertEquals(0, run(work, "pre-commit", "install").exit());
    git(work, "add", ".pre-commit-config.yaml");
    git(work, "commit", "-q", "--no-verify", "-m", "pre-commit");
    String before = git(work, "rev-parse", "HEAD").output();
    git(work, "add", "policies/broken.yaml");
    Result refused = run(work, "git", "commit", "-m", "broken");
    assertNotEquals(0, refused.exit(), refused.output());
    assertTrue(refused.output().contains("[policy-completion-timeout]"), refused.output());
    assertEquals(before, git(work, "rev-parse", "HEAD").output());
    git(work, "reset", "-q", "policies/broken.yaml");
    git(work, "add", "policies/fast.yaml", "policies/slow.json");
    Result made = run(work, "git", "commit", "-m", "policies");
    assertEquals(0, made.exit(), made.output());
    assertNotEquals(before, git(work, "rev-parse", "HEAD").output());

    System.out.println(
        "pre-commit hook: "
            + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)
            + " ms; exit codes: valid "
            + valid.exit()
            + ", invalid "
            + invalid.exit()
            + ", refused commit "
            + refused.exit()
            + ", commit "
            + made.exit());
  }

  /**
   * Tracked files named like options are files: the hook's args end with {@code --}, so {@code
   * --config=cfg.yaml} (which would switch the rules off) is linted, and {@code -ojson=victim.yaml}
   * (which would overwrite victim.yaml with the report) is too. Args of the user's without {@code
   * --} make the hook refuse (exit 2) instead.
   */
  @Test
  void fileNamesLikeOptionsAreLintedAsFiles() throws Exception {
    Assumptions.assumeTrue(
        available("pre-commit", "--version"), "pre-commit is not installed: skipped");
    Assumptions.assumeTrue(available("git", "--version"), "git is not installed: skipped");
    environment();
    Path hooks = tmp.resolve("hooks");
    String rev = hookRepository(hooks);
    Path work = Files.createDirectories(tmp.resolve("work"));
    git(work, "init", "-q");
    String config =
        "repos:\n  - repo: "
            + hooks
            + "\n    rev: "
            + rev
            + "\n    hooks:\n      - id: "
            + HOOK_ID
            + "\n";
    Files.writeString(work.resolve(".pre-commit-config.yaml"), config);
    Files.writeString(work.resolve("cfg.yaml"), "rules: {policy-completion-timeout: off}\n");
    Files.writeString(work.resolve("--config=cfg.yaml"), INVALID_YAML);
    Files.writeString(work.resolve("-ojson=victim.yaml"), VALID_YAML);
    Files.writeString(work.resolve("victim.yaml"), VALID_YAML);
    git(work, "add", "--", ".");
    Result r = run(work, "pre-commit", "run", "--color=never", "--all-files");
    assertEquals(1, r.exit(), r.output());
    assertTrue(
        r.output().contains("--config=cfg.yaml:6:3: error [policy-completion-timeout]"),
        r.output());
    assertEquals(VALID_YAML, Files.readString(work.resolve("victim.yaml")));

    Files.writeString(
        work.resolve(".pre-commit-config.yaml"), config + "        args: [--strict]\n");
    Result refused = run(work, "pre-commit", "run", "--color=never", "--all-files");
    assertTrue(refused.output().contains("must end with --"), refused.output());
    assertTrue(refused.output().contains("- exit code: 2"), refused.output());
  }

  /**
   * A home of its own (no user git configuration, hooks path or signing; pre-commit's cache in the
   * temporary directory), no inherited GIT_* variables or SKIP, and the packaged jar for the hook.
   */
  private void environment() throws IOException {
    Path home = Files.createDirectories(tmp.resolve("home"));
    Files.writeString(
        home.resolve(".gitconfig"),
        "[user]\n\tname = migration-guard test\n\temail = test@example.invalid\n"
            + "[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n");
    env = new java.util.HashMap<>(System.getenv());
    env.keySet().removeIf(k -> k.startsWith("GIT_") || k.startsWith("PRE_COMMIT"));
    env.remove("SKIP");
    env.remove("XDG_CONFIG_HOME");
    env.put("HOME", home.toString());
    env.put("GIT_CONFIG_NOSYSTEM", "1");
    env.put("PRE_COMMIT_HOME", tmp.resolve("pre-commit-cache").toString());
    env.put("MIGRATION_GUARD_JAR", JAR.toAbsolutePath().toString());
  }

  /** The hook repository: this repository's hook files, committed in {@code hooks}; its commit. */
  private String hookRepository(Path hooks) throws IOException {
    Files.createDirectories(hooks);
    copy(Path.of(".pre-commit-hooks.yaml"), hooks);
    copy(Path.of("bin", HOOK_ID), hooks);
    git(hooks, "init", "-q");
    git(hooks, "add", "-A");
    git(hooks, "commit", "-q", "-m", "hooks");
    return git(hooks, "rev-parse", "HEAD").output().trim();
  }

  private static void copy(Path file, Path dir) throws IOException {
    Path to = dir.resolve(file);
    Files.createDirectories(to.getParent());
    Files.copy(file, to, StandardCopyOption.COPY_ATTRIBUTES); // keeps the executable bit
  }

  private Result git(Path dir, String... args) {
    List<String> cmd = new ArrayList<>(List.of("git"));
    cmd.addAll(List.of(args));
    Result r = run(dir, cmd.toArray(String[]::new));
    assertEquals(0, r.exit(), cmd + ": " + r.output());
    return r;
  }

  private static boolean available(String... probe) {
    try {
      Process p =
          new ProcessBuilder(probe)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Runs {@code cmd} in {@code dir}, at most 120 s; stdout and stderr together. */
  private Result run(Path dir, String... cmd) {
    try {
      Path log = Files.createTempFile(tmp, "cmd", ".log");
      ProcessBuilder builder =
          new ProcessBuilder(cmd)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      builder.environment().clear();
      builder.environment().putAll(env);
      Process p = builder.start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError("timed out: " + List.of(cmd) + "\n" + Files.readString(log));
      }
      return new Result(p.exitValue(), Files.readString(log));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + List.of(cmd), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted: " + List.of(cmd), e);
    }
  }
}
