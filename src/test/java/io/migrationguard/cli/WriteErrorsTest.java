package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output that cannot be written is exit 2, never a silent truncation read as a result (a full
 * disk: {@code /dev/full}); {@code -o} refuses a symbolic link out of the working directory; {@code
 * export --kubevirt-namespace} is a namespace name.
 */
class WriteErrorsTest {
  @TempDir Path tmp;

  /** Standard output on a full disk: every write fails. */
  private static PrintStream full() {
    return new PrintStream(
        new OutputStream() {
          @Override
          public void write(int b) throws IOException {
            throw new IOException("No space left on device");
          }
        },
        true,
        StandardCharsets.UTF_8);
  }

  @Test
  void aFullStandardOutputIsExitTwo() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    int lint =
        Lint.run(
            new String[] {LintHarness.DIR + "mixed/migrations.yaml"},
            new ByteArrayInputStream(new byte[0]),
            full(),
            e);
    assertEquals(2, lint);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("could not write the report"));
    int export = ExportCommand.run(new String[] {"admission-policies"}, full(), e);
    assertEquals(2, export);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("export: could not write"));
  }

  @Test
  void outputLinksOutOfTheWorkingDirectoryAreRefused() throws Exception {
    Path victim = tmp.resolve("victim.txt");
    Files.writeString(victim, "keep me\n");
    // A link in the working directory's tree pointing outside it (the temp folder).
    Path inTree = Files.createDirectories(Path.of("target", "link-test-" + System.nanoTime()));
    Path link = Files.createSymbolicLink(inTree.resolve("report.json"), victim);
    try {
      LintHarness.Result r =
          LintHarness.run("-o", "json=" + link, LintHarness.DIR + "mixed/migrations.yaml");
      assertEquals(2, r.code());
      assertTrue(r.err().contains("outside the working directory: refused"), r.err());
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int export =
          ExportCommand.run(
              new String[] {"admission-policies", "-o", link.toString()},
              new PrintStream(new ByteArrayOutputStream()),
              new PrintStream(err, true, StandardCharsets.UTF_8));
      assertEquals(2, export);
      assertTrue(err.toString(StandardCharsets.UTF_8).contains("outside the working directory"));
      assertEquals("keep me\n", Files.readString(victim));
      // A folder on the path that is a link out of the tree: refused the same way.
      Path folderLink = Files.createSymbolicLink(inTree.resolve("out"), tmp);
      LintHarness.Result viaFolder =
          LintHarness.run(
              "-o",
              "json=" + folderLink.resolve("victim.txt"),
              LintHarness.DIR + "mixed/migrations.yaml");
      assertEquals(2, viaFolder.code());
      assertTrue(
          viaFolder.err().contains("outside the working directory: refused"), viaFolder.err());
      assertEquals("keep me\n", Files.readString(victim));
      Files.delete(folderLink);
      // A path written outside the tree is the user's choice.
      Path outside = tmp.resolve("report.json");
      LintHarness.Result asked =
          LintHarness.run("-o", "json=" + outside, LintHarness.DIR + "mixed/migrations.yaml");
      assertEquals(1, asked.code(), asked.err());
      assertTrue(Files.size(outside) > 0);
    } finally {
      Files.deleteIfExists(link);
      Files.deleteIfExists(inTree);
    }
  }

  @Test
  void theKubeVirtNamespaceIsANamespaceName() {
    for (String bad : new String[] {"", "Kube_Virt", "a".repeat(64), "x;y"}) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int code =
          ExportCommand.run(
              new String[] {"admission-policies", "--kubevirt-namespace", bad},
              new PrintStream(new ByteArrayOutputStream()),
              new PrintStream(err, true, StandardCharsets.UTF_8));
      assertEquals(2, code, bad);
      assertTrue(err.toString(StandardCharsets.UTF_8).contains("is not a namespace name"), bad);
    }
  }
}
