package io.migrationguard.cli.output;

import java.util.List;

/**
 * What every format may need besides the results.
 *
 * @param version the tool version
 * @param rules the full catalogue, engine rules and the lint's own checks
 * @param summaryFlag whether {@code --summary} was given
 */
public record ReportContext(String version, List<RuleDoc> rules, boolean summaryFlag) {
  public ReportContext {
    rules = List.copyOf(rules);
  }
}
