package io.migrationguard.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Workflow-command escaping, as the Actions runner unescapes it. */
class GithubReportTest {
  @Test
  void messagesEscapePercentAndLineBreaks() {
    assertEquals("100%25 a%0Ab%0D", GithubReport.data("100% a\nb\r"));
  }

  @Test
  void propertiesAlsoEscapeColonAndComma() {
    assertEquals("dir/a%3Ab%2Cc.yaml", GithubReport.property("dir/a:b,c.yaml"));
  }
}
