package io.migrationguard.cli;

import io.migrationguard.report.Format;

/**
 * The text of {@code lint --help}: every option, with examples; the formats from {@link Format}.
 */
public final class HelpText {
  private HelpText() {}

  public static final String TEXT =
      """
      Usage: java -jar quarkus-run.jar lint [OPTIONS] PATH...

      Checks VirtualMachineInstanceMigration (kubevirt.io/v1) and MigrationPolicy
      (migrations.kubevirt.io/v1alpha1) manifests with the same engine as the admission
      webhook, offline: no cluster, no port, no certificate.

      PATH is a file, a directory (searched recursively for .yaml, .yml and .json files,
      hidden folders left out unless named), or - for standard input. Files may hold several
      YAML documents and kind: List objects. Objects of other kinds are skipped and counted;
      documents that are not Kubernetes objects (workflows, values files, package.json) and
      templates are not resources at all (--verbose lists them). In a directory, a symbolic
      link to a folder outside the PATH's tree is not followed, and FIFOs, sockets and devices
      are never opened: each is said once on stderr ("FILE: skipped: ..."). A folder or file
      that cannot be read is a read-error; the rest is still checked.

      Options:
        -o, --output FORMAT[=FILE]  Report format: {formats}.
                                    Repeatable; each goes to FILE, or to stdout without one
                                    (at most one on stdout).
            --strict                Unknown fields and duplicate keys are errors (default:
                                    warnings), as kubectl --validate=strict.
            --against PATH          The previous version of the manifests (file or directory).
                                    Objects found there (same kind, namespace and name) are
                                    checked as an UPDATE from it: immutable spec, stable labels.
            --cluster               Judge what the cluster holds instead of files (the kubeconfig's
                                    current context): every MigrationPolicy, every migration and
                                    the KubeVirt CR (gates, release), read only, never written.
                                    Findings are located as KIND/NAMESPACE/NAME:LINE:COL, the
                                    position in the object as kubectl get -o yaml prints it.
            --stored                The inputs are objects as a cluster stores them (kubectl get
                                    -o yaml): a Succeeded or Failed migration is not counted as
                                    in flight, as with --cluster (which reads the cluster itself).
            --context NAME          With --cluster: the kubeconfig context to use.
        -n, --namespace NS          With --cluster: only the migrations of NS (policies are
                                    cluster-scoped: all of them).
            --request-timeout D     With --cluster: the most time spent waiting for the API
                                    server, summed over all requests (30, 30s, 1m, 500ms;
                                    default 30s; not 0). Answers over 64 MiB are refused.
            --kubevirt FILE         A KubeVirt CR whose feature gates apply (default: none
                                    listed), and whose status.observedKubeVirtVersion picks
                                    the release profile unless --kubevirt-version does.
            --kubevirt-version V    The KubeVirt release to judge for: v1.5, v1.6, v1.7,
                                    v1.8, v1.9 or main (1.8 and v1.8.4 mean v1.8; newer than
                                    v1.9 is judged as main). Default: the --kubevirt file's
                                    observed version, else v1.9.
            --as USER               The requester, for vmim-priority-requester (not checked
                                    without it).
            --show-patch            Print the defaulting patch the webhook would apply to each
                                    object, and fail if applying it and defaulting again would
                                    change the object again.
            --warnings-as-errors    Warnings fail the run (they are reported as errors).
            --summary               Print the summary line (always printed by text).
            --exclude GLOB          Leave out paths matching GLOB, relative to each PATH
                                    (generated, **/testdata/**). Repeatable.
            --disable RULE[,RULE]   Drop these rules' findings. Repeatable.
            --config FILE           Read exclude:, disable: and kubevirtVersion: from FILE
                                    (default: .migration-guard.yaml in the working directory,
                                    if any).
            --max-file-size SIZE    Do not read a file (or stdin) larger than SIZE: a read-error
                                    instead (default 16Mi). SIZE is bytes, or a number with
                                    k, M, G (1000s) or Ki, Mi, Gi (1024s): 64MiB, 10M, 100000.
            --no-hints              Do not print the fix under each finding.
            --verbose               List the documents that are not Kubernetes objects.
            --fail-if-no-objects    Exit 1 when no object of ours is found.
            --list-rules            Print the rule catalogue and exit (-o json for JSON).
            --version               Print the version and exit.
        -h, --help                  Print this help and exit.

      An object switches rules off for itself, in the lint only, with the annotation
        lint.migration-guard.io/ignore: rule-a,rule-b

      Exit codes:
        0  nothing invalid (warnings allowed, unless --warnings-as-errors)
        1  at least one invalid resource (or none of ours, with --fail-if-no-objects)
        2  usage error, unreadable file or unparseable YAML/JSON (everything else is still
           checked and reported)

      Examples:
        lint manifests/
        lint --exclude 'charts/**' --disable policy-selectors-tie .
        lint --strict policies/fast.yaml migrations/*.yaml
        kustomize build overlays/prod | java -jar quarkus-run.jar lint -
        lint -o sarif=lint.sarif -o text manifests/
        lint -o junit=report.xml -o github manifests/
        lint --against <(git show HEAD~1:manifests/migration.yaml) manifests/migration.yaml
        lint --kubevirt cluster/kubevirt.yaml --as system:serviceaccount:kubevirt:kubevirt-controller manifests/
        lint --show-patch -o json migrations/
      """
          // The format list comes from the reports, so a new format is in the help by itself.
          .replace("{formats}", Format.helpList());
}
