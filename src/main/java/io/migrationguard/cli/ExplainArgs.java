package io.migrationguard.cli;

import io.migrationguard.core.names.Suggest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code explain}'s command line, parsed: either a VMI of a cluster ({@code explain vmi NAME [-n
 * NS]}) or files ({@code explain --vmi FILE ... POLICY-PATH...}). Every option is checked; an
 * argument explain does not take is a usage error, never ignored.
 *
 * @param vmiName the VMI to read from the cluster, or null for files
 * @param namespace {@code -n}: the VMI's namespace in the cluster (null: the context's)
 * @param context {@code --context}
 * @param vmiFile {@code --vmi FILE}
 * @param namespaceFile {@code --namespace FILE}
 * @param namespaceLabels {@code --namespace-labels k=v,...}, or null
 * @param kubevirtFile {@code --kubevirt FILE}
 * @param kubevirtVersion {@code --kubevirt-version}
 * @param targetNode {@code --target-node}: the node KubeVirt's target pod runs on, or null
 * @param nodesFile {@code --nodes FILE}: the Nodes ({@code kubectl get nodes -o yaml}), or null
 * @param sourcePodFile {@code --source-pod FILE}: the VMI's virt-launcher pod, or null
 * @param migrationFile {@code --migration FILE}: the VirtualMachineInstanceMigration, or null
 * @param drainNode {@code explain drain NODE}: the node to drain, or null
 * @param json {@code -o json}
 * @param policyPaths files and folders of MigrationPolicies ({@code -} for stdin)
 */
record ExplainArgs(
    String vmiName,
    String namespace,
    String context,
    String vmiFile,
    String namespaceFile,
    Map<String, String> namespaceLabels,
    String kubevirtFile,
    String kubevirtVersion,
    String targetNode,
    String nodesFile,
    String sourcePodFile,
    String migrationFile,
    String drainNode,
    boolean json,
    List<String> policyPaths,
    boolean help) {

  private static final Set<String> VALUED =
      Set.of(
          "-n",
          "--namespace",
          "--context",
          "--vmi",
          "--namespace-labels",
          "--kubevirt",
          "--kubevirt-version",
          "--target-node",
          "--nodes",
          "--source-pod",
          "--migration",
          "-o",
          "--output");

  static ExplainArgs parse(String[] args) throws UsageException {
    Map<String, String> o = new TreeMap<>();
    List<String> positional = new ArrayList<>();
    boolean help = false;
    boolean onlyPaths = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (onlyPaths || a.equals("-") || !a.startsWith("-")) {
        positional.add(a);
        continue;
      }
      if (a.equals("--")) {
        onlyPaths = true;
        continue;
      }
      if (a.equals("-h") || a.equals("--help")) {
        help = true;
        continue;
      }
      String name = a;
      String value = null;
      int eq = a.indexOf('=');
      if (a.startsWith("--") && eq > 0) {
        name = a.substring(0, eq);
        value = a.substring(eq + 1);
      }
      if (!VALUED.contains(name)) {
        String near =
            Suggest.nearest(
                name.replaceFirst("^-+", ""),
                VALUED.stream().map(v -> v.replaceFirst("^-+", "")).toList());
        throw new UsageException(
            "explain: unknown option "
                + a
                + (near == null ? "" : ": did you mean --" + near + "?"));
      }
      if (value == null) {
        if (i + 1 == args.length) {
          throw new UsageException("explain: " + a + " needs a value");
        }
        value = args[++i];
      }
      name = name.equals("-o") ? "--output" : name;
      if (o.put(name, value) != null) {
        throw new UsageException("explain: " + name + " given twice");
      }
    }
    if (help) {
      return new ExplainArgs(
          null, null, null, null, null, null, null, null, null, null, null, null, null, false,
          List.of(), true);
    }
    String output = o.getOrDefault("--output", "text");
    if (!output.equals("text") && !output.equals("json")) {
      throw new UsageException("explain: -o " + output + ": text or json");
    }
    if (!positional.isEmpty() && positional.get(0).equals("drain")) {
      return drain(positional, o, output.equals("json"));
    }
    boolean cluster = !positional.isEmpty() && positional.get(0).equals("vmi");
    String namespace = o.containsKey("-n") ? o.get("-n") : null;
    if (cluster) {
      if (o.containsKey("--namespace")) {
        if (namespace != null) {
          throw new UsageException("explain vmi: -n and --namespace name the same thing: give one");
        }
        namespace = o.remove("--namespace"); // in cluster mode, the VMI's namespace
      }
      if (positional.size() != 2) {
        throw new UsageException(
            positional.size() < 2
                ? "explain vmi: which VMI? (explain vmi NAME -n NAMESPACE)"
                : "explain vmi NAME: unexpected argument " + positional.get(2));
      }
      for (String fileOnly :
          List.of(
              "--vmi",
              "--namespace",
              "--namespace-labels",
              "--kubevirt",
              "--nodes",
              "--source-pod")) {
        if (o.containsKey(fileOnly)) {
          throw new UsageException(
              "explain vmi NAME reads the cluster: " + fileOnly + " is for explaining files");
        }
      }
      return new ExplainArgs(
          positional.get(1),
          namespace,
          o.get("--context"),
          null,
          null,
          null,
          null,
          o.get("--kubevirt-version"),
          o.get("--target-node"),
          null,
          null,
          o.get("--migration"),
          null,
          output.equals("json"),
          List.of(),
          false);
    }
    if (!o.containsKey("--vmi")) {
      throw new UsageException(
          "explain: give --vmi FILE and the policies' files (or --nodes FILE), or explain vmi"
              + " NAME -n NS for a cluster");
    }
    for (String needsNodes : List.of("--source-pod", "--migration")) {
      if (o.containsKey(needsNodes) && !o.containsKey("--nodes")) {
        throw new UsageException(
            "explain: " + needsNodes + " is read for the target nodes: give --nodes FILE too");
      }
    }
    for (String clusterOnly : List.of("-n", "--context")) {
      if (o.containsKey(clusterOnly)) {
        throw new UsageException(
            "explain: "
                + clusterOnly
                + " is for explain vmi NAME (a cluster); the VMI file names its namespace");
      }
    }
    if (o.containsKey("--namespace") && o.containsKey("--namespace-labels")) {
      throw new UsageException("explain: --namespace FILE or --namespace-labels, not both");
    }
    return new ExplainArgs(
        null,
        null,
        null,
        o.get("--vmi"),
        o.get("--namespace"),
        o.containsKey("--namespace-labels") ? labels(o.get("--namespace-labels")) : null,
        o.get("--kubevirt"),
        o.get("--kubevirt-version"),
        o.get("--target-node"),
        o.get("--nodes"),
        o.get("--source-pod"),
        o.get("--migration"),
        null,
        output.equals("json"),
        List.copyOf(positional),
        false);
  }

  /** {@code explain drain NODE [--context C] [--kubevirt-version V] [-o json]}. */
  private static ExplainArgs drain(List<String> positional, Map<String, String> o, boolean json)
      throws UsageException {
    if (positional.size() != 2) {
      throw new UsageException(
          positional.size() < 2
              ? "explain drain: which node? (explain drain NODE)"
              : "explain drain NODE: unexpected argument " + positional.get(2));
    }
    for (String option : o.keySet()) {
      if (!List.of("--context", "--kubevirt-version", "--output").contains(option)) {
        throw new UsageException(
            "explain drain NODE reads the cluster: "
                + option
                + " is not one of its options (--context, --kubevirt-version, -o)");
      }
    }
    return new ExplainArgs(
        null,
        null,
        o.get("--context"),
        null,
        null,
        null,
        null,
        o.get("--kubevirt-version"),
        null,
        null,
        null,
        null,
        positional.get(1),
        json,
        List.of(),
        false);
  }

  /** {@code k=v,k2=v2} (an empty string: no labels). */
  static Map<String, String> labels(String s) throws UsageException {
    Map<String, String> out = new TreeMap<>();
    if (s.isEmpty()) {
      return out;
    }
    for (String pair : s.split(",", -1)) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new UsageException(
            "explain: --namespace-labels: " + pair + " is not KEY=VALUE (k=v,k2=v2)");
      }
      if (out.put(pair.substring(0, eq), pair.substring(eq + 1)) != null) {
        throw new UsageException(
            "explain: --namespace-labels: " + pair.substring(0, eq) + " given twice");
      }
    }
    return out;
  }
}
