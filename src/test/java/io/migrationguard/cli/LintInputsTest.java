package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No input can stall the walk, escape the tree or lose the other files' results: FIFOs, sockets and
 * devices are never opened, a link to a folder outside the tree is not followed, an unreadable
 * folder is one read-error. Special files and links are made here; a case the OS cannot make is
 * skipped. Every run is under a hang guard (a FIFO that was opened would block for ever).
 */
class LintInputsTest {
  private static final Duration HANG = Duration.ofSeconds(60);
  private static final String POLICY =
      "apiVersion: migrations.kubevirt.io/v1alpha1\nkind: MigrationPolicy\nmetadata:\n"
          + "  name: NAME\nspec:\n  selectors:\n    namespaceSelector:\n      team: NAME\n";

  @TempDir Path tmp;

  private static LintHarness.Result guarded(Supplier<LintHarness.Result> run) {
    return assertTimeoutPreemptively(HANG, run::get);
  }

  private static LintHarness.Result lint(String... args) {
    return guarded(() -> LintHarness.run(args));
  }

  private Path tree() throws IOException {
    Path root = Files.createDirectories(tmp.resolve("repo"));
    Files.writeString(root.resolve("a.yaml"), POLICY.replace("NAME", "a"));
    return root;
  }

  private static void mkfifo(Path p) throws Exception {
    Process mk;
    try {
      mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
    } catch (IOException e) {
      assumeTrue(false, "no mkfifo here: " + e.getMessage());
      return;
    }
    assumeTrue(mk.waitFor() == 0 && Files.exists(p), "mkfifo failed");
  }

  private static void symlink(Path link, Path target) {
    try {
      Files.createSymbolicLink(link, target);
    } catch (IOException | UnsupportedOperationException e) {
      assumeTrue(false, "no symbolic links here: " + e);
    }
  }

  @Test
  void aFifoInAFolderIsSkippedNeverOpened() throws Exception {
    Path root = tree();
    mkfifo(root.resolve("p.yaml"));
    LintHarness.Result r = lint(root.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.err().contains(root + "/p.yaml: skipped: not a regular file (fifo)"), r.err());
    assertTrue(r.out().contains("1 resource found in 1 file"), r.out());
  }

  @Test
  void aLinkToADeviceIsSkipped() throws Exception {
    Path zero = Path.of("/dev/zero");
    assumeTrue(Files.exists(zero) && !Files.isRegularFile(zero), "no /dev/zero");
    Path root = tree();
    symlink(root.resolve("x.yaml"), zero);
    LintHarness.Result r = lint(root.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(
        r.err().contains(root + "/x.yaml: skipped: not a regular file (character device)"),
        r.err());
    assertTrue(r.out().contains("1 resource found in 1 file"), r.out());
  }

  @Test
  void aSocketIsSkipped() throws Exception {
    Path root = tree();
    Path sock = root.resolve("s.yaml");
    try (ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      ch.bind(UnixDomainSocketAddress.of(sock));
      LintHarness.Result r = lint(root.toString());
      assertEquals(0, r.code(), r.out() + r.err());
      assertTrue(r.err().contains(sock + ": skipped: not a regular file (socket)"), r.err());
    } catch (UnsupportedOperationException e) {
      assumeTrue(false, "no unix domain sockets here");
    }
  }

  /**
   * A FIFO or device named on the command line is the user's intent ({@code --against <(git show
   * ...)}): read, up to the size limit. Found while walking a folder it is skipped (above).
   */
  @Test
  void specialFilesNamedExplicitlyAreReadUpToTheLimit() throws Exception {
    Path root = tree();
    Path fifo = root.resolve("p.yaml");
    mkfifo(fifo);
    Thread writer =
        new Thread(
            () -> {
              try {
                Files.writeString(fifo, POLICY.replace("NAME", "from-a-pipe"));
              } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    writer.start();
    LintHarness.Result r = lint(fifo.toString(), root.resolve("a.yaml").toString());
    writer.join(10_000);
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("2 resources found in 2 files - Valid: 2,"), r.out());
    Path zero = Path.of("/dev/zero");
    if (Files.exists(zero)) {
      LintHarness.Result z = lint("--max-file-size", "64K", zero.toString());
      assertEquals(2, z.code());
      assertTrue(z.out().contains("file is larger than the limit of 64 kB"), z.out());
    }
  }

  @Test
  void stdinStaysFine() {
    LintHarness.Result r =
        guarded(() -> LintHarness.runWithStdin(POLICY.replace("NAME", "s"), "-"));
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("1 resource found in 1 file"), r.out());
  }

  @Test
  void aLinkToAFolderOutsideTheTreeIsNotFollowed() throws Exception {
    Path root = tree();
    Path outside = Files.createDirectories(tmp.resolve("elsewhere"));
    Files.writeString(outside.resolve("b.yaml"), POLICY.replace("NAME", "Bad_Name"));
    symlink(root.resolve("out"), outside);
    LintHarness.Result r = lint(root.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    String note = root + "/out: skipped: a link to a folder outside " + root + ", not followed";
    assertTrue(r.err().contains(note), r.err());
    assertEquals(r.err().indexOf(note), r.err().lastIndexOf(note), "said once");
    assertFalse(r.out().contains("b.yaml"), r.out());
  }

  @Test
  void linksInsideTheTreeAreFollowed() throws Exception {
    Path root = tree();
    Path sub = Files.createDirectories(root.resolve("sub"));
    Files.writeString(sub.resolve("b.yaml"), POLICY.replace("NAME", "b"));
    Path shared = Files.createDirectories(tmp.resolve("shared"));
    Files.writeString(shared.resolve("c.yaml"), POLICY.replace("NAME", "c"));
    symlink(root.resolve("c.yaml"), shared.resolve("c.yaml")); // a file: followed anywhere
    symlink(sub.resolve("up"), root); // a loop: each folder walked once
    LintHarness.Result r = lint(root.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertEquals("", r.err());
    assertTrue(r.out().contains("3 resources found in 3 files - Valid: 3,"), r.out());
  }

  @Test
  void anUnreadableFolderIsOneReadErrorAndTheRestIsReported() throws Exception {
    Path root = tree();
    Path locked = Files.createDirectories(root.resolve("locked"));
    Files.writeString(locked.resolve("z.yaml"), POLICY.replace("NAME", "z"));
    try {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    } catch (UnsupportedOperationException e) {
      assumeTrue(false, "no POSIX permissions here");
    }
    try {
      assumeTrue(!Files.isReadable(locked), "running as root: every folder is readable");
      LintHarness.Result r = lint(root.toString());
      assertEquals(2, r.code(), r.out() + r.err());
      assertTrue(
          r.out().contains(locked + ":1:1: error [read-error] -: cannot read: permission denied"),
          r.out());
      assertTrue(r.out().contains("2 resources found in 2 files - Valid: 1,"), r.out());
    } finally {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
    }
  }

  @Test
  void anUnreadableFileIsOneReadError() throws Exception {
    Path root = tree();
    Path secret = root.resolve("secret.yaml");
    Files.writeString(secret, POLICY.replace("NAME", "s"));
    try {
      Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("---------"));
    } catch (UnsupportedOperationException e) {
      assumeTrue(false, "no POSIX permissions here");
    }
    assumeTrue(!Files.isReadable(secret), "running as root: every file is readable");
    LintHarness.Result r = lint(root.toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(r.out().contains(secret + ":1:1: error [read-error] -: cannot read:"), r.out());
    assertTrue(r.out().contains("Valid: 1,"), r.out());
  }
}
