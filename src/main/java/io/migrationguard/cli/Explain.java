package io.migrationguard.cli;

import io.migrationguard.core.explain.Explanation;
import io.migrationguard.core.placement.Placement;
import io.migrationguard.report.ExplainJson;
import io.migrationguard.report.ExplainText;
import java.io.InputStream;
import java.io.PrintStream;

/**
 * {@code explain}: which MigrationPolicy KubeVirt would apply to a VMI's next migration, and the
 * configuration that migration would run with, computed as virt-controller computes them for the
 * release profile (docs/explain.md). Read-only; no Quarkus boot.
 */
public final class Explain {
  public static final String HELP =
      """
      Usage: java -jar quarkus-run.jar explain vmi NAME [-n NAMESPACE] [OPTIONS]
             java -jar quarkus-run.jar explain --vmi FILE [--namespace FILE |
                    --namespace-labels K=V,...] [--kubevirt FILE] [--nodes FILE
                    [--source-pod FILE] [--migration FILE]] [OPTIONS] [--] [POLICY-PATH...]
             java -jar quarkus-run.jar explain drain NODE [--context NAME] [OPTIONS]

      Which MigrationPolicy KubeVirt would apply to a VMI's next migration, why (every
      policy's match, the scores, the tie-break), and the configuration the migration
      would run with, field by field with where each value comes from; with the Nodes,
      which nodes could take the migration's target pod, and why the others cannot.
      explain drain NODE: what draining NODE does to each VMI on it.

      From a cluster (read-only, through the kubeconfig):
        vmi NAME                   The VMI to explain.
        -n, --namespace NS         Its namespace (default: the context's, else default).
        --context NAME             The kubeconfig context (default: the current one).
        --request-timeout D        The most time spent waiting for the API server, over
                                   all requests: 30, 30s, 1m, 500ms (default 30s; not 0).

      From files:
        --vmi FILE                 The VirtualMachineInstance (or VirtualMachine: its
                                   template's labels) to explain.
        --namespace FILE           Its Namespace manifest, for the namespace's labels.
        --namespace-labels K=V,... The namespace's labels, instead of a file.
        --kubevirt FILE            The KubeVirt CR: its migration settings and release.
        --nodes FILE               The Nodes (kubectl get nodes -o yaml): adds the target
                                   nodes; the policies are then optional.
        --source-pod FILE          The VMI's virt-launcher pod (kubectl get pod -o yaml):
                                   its host-model nodeSelector.
        --migration FILE           The VirtualMachineInstanceMigration (addedNodeSelector);
                                   also read with explain vmi NAME.
        POLICY-PATH...             MigrationPolicy files or folders (- for stdin).

      Options:
        --kubevirt-version V       KubeVirt release whose behaviour is computed: v1.5 ...
                                   v1.9, main (default: the CR's observed version, else v1.9).
        --target-node NODE         The node the target pod runs on: KubeVirt sets the VMI
                                   label kubevirt.io/migrationTargetNodeName to it before
                                   matching. Without it, policies selecting on that label
                                   are reported as depending on the node.
        -o, --output FORMAT        text (default) or json.
        -h, --help                 Print this help and exit.

      Exit codes: 0 explained, 1 (explain drain) a VMI blocks the drain, 2 usage error or
      what was asked for could not be read (an API server too slow or answering too much included).
      """;

  private Explain() {}

  /**
   * Why there is nothing to explain, or null: files that hold no MigrationPolicy (none given, or
   * none in the paths given). "Chosen: none" would then say nothing about the cluster, only about
   * the command line, so it is a usage error (exit 2), not an answer. A cluster with no policy is
   * an answer: there, explain reads them all.
   */
  static String withoutPolicies(ExplainArgs a, ExplainSubject s) {
    if (a.vmiName() != null || a.nodesFile() != null || !s.policies().isEmpty()) {
      return null; // a cluster's answer, the target nodes asked for, or policies to choose from
    }
    return a.policyPaths().isEmpty()
        ? "explain: no policies to choose from: give the MigrationPolicies' files or folders"
            + " (POLICY-PATH..., - for stdin), or explain vmi NAME to read a cluster's"
        : "explain: no MigrationPolicy in " + String.join(", ", a.policyPaths());
  }

  public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
    ExplainArgs a;
    RequestTimeout.Taken timeout;
    try {
      timeout = RequestTimeout.take(args);
      a = ExplainArgs.parse(timeout.rest());
      if (timeout.timeout() != null && a.vmiName() == null && a.drainNode() == null && !a.help()) {
        throw new UsageException(
            "explain: "
                + RequestTimeout.OPTION
                + " is for explain vmi NAME and explain drain NODE (a cluster)");
      }
    } catch (UsageException e) {
      err.println(e.getMessage());
      err.println(
          "Usage: explain vmi NAME [-n NS] | explain --vmi FILE ... [POLICY-PATH...] | explain"
              + " drain NODE ('explain --help')");
      return Lint.ERROR;
    }
    if (a.help()) {
      out.print(HELP);
      return Lint.OK;
    }
    if (a.drainNode() != null) {
      try {
        return ExplainDrain.run(
            a, timeout.timeout() == null ? RequestTimeout.DEFAULT : timeout.timeout(), out, err);
      } catch (UsageException e) {
        err.println(e.getMessage());
        return Lint.ERROR;
      } catch (ApiBudget.Exceeded e) {
        err.println("explain drain: " + e.getMessage());
        return Lint.ERROR;
      }
    }
    ExplainSubject s;
    try {
      s =
          a.vmiName() != null
              ? ExplainSubject.fromCluster(
                  a, timeout.timeout() == null ? RequestTimeout.DEFAULT : timeout.timeout(), err)
              : ExplainSubject.fromFiles(a, in, err);
    } catch (UsageException e) {
      err.println(e.getMessage());
      return Lint.ERROR;
    } catch (ApiBudget.Exceeded e) {
      err.println("explain: " + e.getMessage());
      return Lint.ERROR;
    }
    String unjudged = withoutPolicies(a, s);
    if (unjudged != null) {
      err.println(unjudged);
      return Lint.ERROR;
    }
    Explanation e =
        Explanation.of(
            s.release().release(),
            s.namespace(),
            s.vmi(),
            s.vmiLabels(),
            s.namespaceLabels(),
            s.policies(),
            s.crMigrations());
    String from =
        "KubeVirt "
            + s.release().describe()
            + (s.kubevirtFrom() == null
                ? "; no KubeVirt CR: built-in defaults"
                : "; settings of " + s.kubevirtFrom());
    Placement targets = s.targets() == null ? null : s.targets().judge();
    out.print(
        a.json() ? ExplainJson.render(e, from, targets) : ExplainText.render(e, from, targets));
    out.flush();
    if (out.checkError()) {
      err.println("explain: cannot write the answer to standard output");
      return Lint.ERROR;
    }
    return Lint.OK;
  }
}
