package io.migrationguard.report;

import java.nio.file.Path;
import java.util.List;

/**
 * What every format may need besides the results.
 *
 * @param version the tool version
 * @param rules the full catalogue, engine rules and the lint's own checks
 * @param summaryFlag whether {@code --summary} was given
 * @param build the links fixed at build time (home page, rule documentation)
 * @param workingDirectory what the file names of the results are relative to
 */
public record ReportContext(
    String version,
    List<RuleDoc> rules,
    boolean summaryFlag,
    BuildInfo build,
    Path workingDirectory) {
  public ReportContext {
    rules = List.copyOf(rules);
  }

  /** This build's links, file names relative to the process's working directory. */
  public ReportContext(String version, List<RuleDoc> rules, boolean summaryFlag) {
    this(version, rules, summaryFlag, BuildInfo.get(), Path.of("").toAbsolutePath());
  }
}
