package io.migrationguard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The command line: every command but {@code serve} answers and returns; a typo is exit 2. */
class MainTest {
  record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.command(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void helpAndVersion() {
    for (String h : new String[] {"help", "--help", "-h"}) {
      Run r = run(h);
      assertEquals(0, r.code());
      assertTrue(r.out().contains("Commands:"), r.out());
    }
    for (String v : new String[] {"version", "--version"}) {
      assertTrue(run(v).out().startsWith("migration-guard "));
    }
  }

  @Test
  void exportIsACommand() {
    Run help = run("export", "--help");
    assertEquals(0, help.code());
    assertTrue(help.out().contains("export admission-policies"), help.out());
    assertTrue(run("help").out().contains("export admission-policies"));
    Run policies = run("export", "admission-policies");
    assertEquals(0, policies.code(), policies.err());
    assertTrue(policies.out().contains("kind: ValidatingAdmissionPolicy\n"), policies.out());
    assertTrue(run("exprt").err().contains("did you mean export?"));
    Run option = run("export", "admission-policies", "--kubevirt-namspace", "x");
    assertEquals(2, option.code());
    assertTrue(option.err().contains("did you mean --kubevirt-namespace?"), option.err());
  }

  @Test
  void aTypoIsAUsageErrorWithTheCommandMeant() {
    Run r = run("lnt", "manifests/");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("did you mean lint?"), r.err());
    Run unknown = run("--port", "9443");
    assertEquals(2, unknown.code());
    assertTrue(unknown.err().contains("unknown command --port"), unknown.err());
  }

  @Test
  void commandsRefuseArgumentsTheyDoNotTake() {
    for (String[] args :
        new String[][] {
          {"serve", "--port", "1"}, {"version", "extra"}, {"help", "me"}, {"-h", "x"}
        }) {
      Run r = run(args);
      assertEquals(2, r.code(), String.join(" ", args));
      assertTrue(r.err().contains(args[0] + " takes no arguments (got " + args[1] + ")"), r.err());
      assertEquals("", r.out());
    }
    assertTrue(run("serve", "--port", "1").err().contains("MIGRATION_GUARD_PORT"));
  }
}
