package io.migrationguard.cli;

import java.util.List;

/**
 * The lint's command line, parsed ({@link LintArgs}). See {@code lint --help}.
 *
 * @param outputs where each report goes (at least one: text to stdout by default)
 * @param strict unknown fields and duplicate keys are errors
 * @param against the previous version of the manifests, or null
 * @param kubevirt a KubeVirt CR manifest for the feature gates, or null
 * @param as the requester's user name, or null
 * @param paths files, directories, {@code -} for stdin
 */
record LintOptions(
    List<OutputSpec> outputs,
    boolean strict,
    String against,
    String kubevirt,
    String as,
    boolean showPatch,
    boolean warningsAsErrors,
    boolean summary,
    boolean listRules,
    boolean version,
    boolean help,
    List<String> paths) {

  /** One {@code -o FORMAT[=FILE]}: {@code file} null means stdout. */
  record OutputSpec(Format format, String file) {}

  /** The report formats. */
  enum Format {
    TEXT,
    JSON,
    JUNIT,
    SARIF,
    GITHUB;

    String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
