package io.migrationguard.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SARIF artifact locations: relative to the repository root, normalised, else absolute. */
class ReportUrisTest {
  @Test
  void relativeToTheNearestAncestorWithDotGit(@TempDir Path tmp) throws Exception {
    Path repo = Files.createDirectories(tmp.resolve("repo"));
    Files.createDirectories(repo.resolve(".git"));
    Path cwd = Files.createDirectories(repo.resolve("module/sub"));
    Uris uris = new Uris(cwd);
    assertEquals(repo, uris.root());
    assertEquals(new Uris.Location("module/sub/a.yaml", "%SRCROOT%"), uris.of("./a.yaml"));
    assertEquals(new Uris.Location("module/b.yaml", "%SRCROOT%"), uris.of("../x/./../b.yaml"));
    assertEquals(
        new Uris.Location("c.yaml", "%SRCROOT%"), uris.of(repo.resolve("c.yaml").toString()));
    assertEquals(
        new Uris.Location("module/sub/a%20b%3Ac%23.yaml", "%SRCROOT%"), uris.of("a b:c#.yaml"));
    assertEquals(Uris.fileUri(repo) + "/", uris.rootUri());
  }

  @Test
  void aFileOutsideTheRootIsAnAbsoluteFileUri(@TempDir Path tmp) throws Exception {
    Path repo = Files.createDirectories(tmp.resolve("repo"));
    Files.writeString(repo.resolve(".git"), "gitdir: elsewhere\n"); // a worktree: .git is a file
    Uris uris = new Uris(repo);
    Uris.Location outside = uris.of("../other/d.yaml");
    assertEquals(null, outside.uriBaseId());
    assertEquals(Uris.fileUri(tmp.resolve("other/d.yaml")), outside.uri());
    assertEquals(
        tmp.resolve("other/d.yaml").toUri().getPath(),
        java.net.URI.create(outside.uri()).getPath());
  }

  @Test
  void withoutDotGitTheWorkingDirectoryIsTheRoot(@TempDir Path tmp) throws Exception {
    Path cwd = Files.createDirectories(tmp.resolve("plain/dir"));
    // The temp dir itself may sit in a checkout; the root is then that checkout, else cwd.
    Path root = Uris.root(cwd);
    Uris uris = new Uris(cwd);
    assertEquals(root, uris.root());
    if (root.equals(cwd)) {
      assertEquals(new Uris.Location("e.yaml", "%SRCROOT%"), uris.of("e.yaml"));
    }
  }
}
