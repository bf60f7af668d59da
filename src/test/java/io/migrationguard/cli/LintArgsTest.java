package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.migrationguard.cli.LintOptions.OutputSpec;
import io.migrationguard.report.Format;
import java.util.List;
import org.junit.jupiter.api.Test;

class LintArgsTest {
  @Test
  void everyOptionInEverySpelling() throws Exception {
    LintOptions o =
        LintArgs.parse(
            new String[] {
              "-o",
              "json=r.json",
              "-osarif=s.sarif",
              "--output=text",
              "--strict",
              "--against",
              "old/",
              "--kubevirt=kv.yaml",
              "--as",
              "alice",
              "--show-patch",
              "--warnings-as-errors",
              "--summary",
              "a.yaml",
              "-",
              "--",
              "--weird-name.yaml"
            });
    assertEquals(
        List.of(
            new OutputSpec(Format.JSON, "r.json"),
            new OutputSpec(Format.SARIF, "s.sarif"),
            new OutputSpec(Format.TEXT, null)),
        o.outputs());
    assertTrue(o.strict() && o.showPatch() && o.warningsAsErrors() && o.summary());
    assertEquals("old/", o.against());
    assertEquals("kv.yaml", o.kubevirt());
    assertEquals("alice", o.as());
    assertEquals(List.of("a.yaml", "-", "--weird-name.yaml"), o.paths());
  }

  @Test
  void textToStdoutByDefault() throws Exception {
    assertEquals(
        List.of(new OutputSpec(Format.TEXT, null)), LintArgs.parse(new String[] {"x"}).outputs());
  }

  @Test
  void helpVersionAndListRulesNeedNoPath() throws Exception {
    assertTrue(LintArgs.parse(new String[] {"-h"}).help());
    assertTrue(LintArgs.parse(new String[] {"--version"}).version());
    assertTrue(LintArgs.parse(new String[] {"--list-rules"}).listRules());
  }

  @Test
  void usageErrors() {
    for (String[] bad :
        List.of(
            new String[] {},
            new String[] {"--nope", "x"},
            new String[] {"-o", "xml", "x"},
            new String[] {"-o", "json", "-o", "text", "x"},
            new String[] {"-o", "json=r", "-o", "sarif=r", "x"},
            new String[] {"--against"},
            new String[] {"--against", "--strict", "x"},
            new String[] {"--strict=yes", "x"},
            new String[] {"--as", " ", "x"})) {
      assertThrows(UsageException.class, () -> LintArgs.parse(bad), String.join(" ", bad));
    }
  }

  /** Every format of the reports' list is accepted by -o, named by its error and by the help. */
  @Test
  void theFormatListComesFromTheReports() throws Exception {
    for (Format f : Format.values()) {
      assertEquals(
          List.of(new OutputSpec(f, null)),
          LintArgs.parse(new String[] {"-o", f.label(), "x"}).outputs());
      assertTrue(HelpText.TEXT.contains(f.label()), f.label());
    }
    UsageException e =
        assertThrows(UsageException.class, () -> LintArgs.parse(new String[] {"-o", "xml", "x"}));
    assertEquals(
        "unknown output format \"xml\" (text, json, junit, sarif, github, openreports)",
        e.getMessage());
    assertTrue(
        HelpText.TEXT.contains(
            "Report format: text (default), json, junit, sarif, github, openreports."));
  }
}
