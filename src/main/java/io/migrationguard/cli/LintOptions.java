package io.migrationguard.cli;

import io.migrationguard.judge.CheckOptions;
import io.migrationguard.report.Format;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The lint's command line, parsed ({@link LintArgs}). See {@code lint --help}.
 *
 * @param outputs where each report goes (at least one: text to stdout by default)
 * @param strict unknown fields and duplicate keys are errors
 * @param against the previous version of the manifests, or null
 * @param kubevirt a KubeVirt CR manifest for the feature gates, or null
 * @param kubevirtVersion the KubeVirt release profile named ({@code --kubevirt-version} or the
 *     config file), or null: the {@code --kubevirt} file's observed version, else the newest
 * @param as the requester's user name, or null
 * @param paths files, directories, {@code -} for stdin
 * @param excludes globs of paths not to lint, relative to each PATH argument ({@code --exclude})
 * @param disabled rule ids whose findings are dropped ({@code --disable})
 * @param cluster {@code --cluster}: judge what the cluster holds instead of files
 * @param context {@code --context}, the kubeconfig context for {@code --cluster} (null: current)
 * @param namespace {@code -n}, the namespace of the migrations for {@code --cluster} (null: all)
 * @param stored {@code --stored}: the inputs are objects as a cluster stores them ({@code kubectl
 *     get -o yaml}): a Succeeded or Failed migration is not counted by the cross-object rules, as
 *     {@code --cluster} and the audit do
 * @param requestTimeout {@code --request-timeout}: the most time {@code --cluster} waits for the
 *     API server, over all its requests ({@link ApiBudget})
 * @param ruleActions {@code id=deny|warn} entries of the config file's {@code rules:} map ({@code
 *     off} entries are in {@code disabled})
 * @param config a config file ({@code --config}), or null for {@code .migration-guard.yaml} in the
 *     working directory when there is one
 * @param hints whether text output prints each finding's fix under it
 * @param verbose whether the documents that are not Kubernetes objects are listed
 * @param failIfNoObjects exit 1 when the input holds none of our objects
 * @param maxFileSize the largest input read, in bytes ({@code --max-file-size})
 */
public record LintOptions(
    List<OutputSpec> outputs,
    boolean strict,
    String against,
    String kubevirt,
    String kubevirtVersion,
    String as,
    boolean showPatch,
    boolean warningsAsErrors,
    boolean summary,
    boolean listRules,
    boolean version,
    boolean help,
    List<String> paths,
    List<String> excludes,
    Set<String> disabled,
    List<String> ruleActions,
    boolean cluster,
    String context,
    String namespace,
    boolean stored,
    java.time.Duration requestTimeout,
    String config,
    boolean hints,
    boolean verbose,
    boolean failIfNoObjects,
    long maxFileSize) {

  /** These options with the settings of a config file added (command line first). */
  LintOptions with(ConfigFile c) {
    List<String> allExcludes = new ArrayList<>(excludes);
    allExcludes.addAll(c.excludes());
    Set<String> allDisabled = new TreeSet<>(disabled);
    allDisabled.addAll(c.disabled());
    List<String> actions = new ArrayList<>(ruleActions);
    for (String entry : c.ruleActions()) {
      if (entry.endsWith("=off")) {
        allDisabled.add(entry.substring(0, entry.length() - "=off".length()));
      } else {
        actions.add(entry);
      }
    }
    return new LintOptions(
        outputs,
        strict,
        against,
        kubevirt,
        kubevirtVersion != null ? kubevirtVersion : c.kubevirtVersion(),
        as,
        showPatch,
        warningsAsErrors,
        summary,
        listRules,
        version,
        help,
        paths,
        List.copyOf(allExcludes),
        Set.copyOf(allDisabled),
        List.copyOf(actions),
        cluster,
        context,
        namespace,
        stored,
        requestTimeout,
        config,
        hints,
        verbose,
        failIfNoObjects,
        maxFileSize);
  }

  /** One {@code -o FORMAT[=FILE]}: {@code file} null means stdout. */
  record OutputSpec(Format format, String file) {}

  /** What the checker reads of these options. */
  public CheckOptions checkOptions() {
    return new CheckOptions(strict, as, warningsAsErrors, disabled);
  }
}
