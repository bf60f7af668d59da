package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.cluster.KubeVirtChoice;
import io.migrationguard.core.explain.Candidate;
import io.migrationguard.core.explain.Subjects;
import io.migrationguard.core.placement.NodeFacts;
import io.migrationguard.core.placement.PlacementInput;
import io.migrationguard.core.release.ReleaseChoice;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code explain} compares, read from files or from a cluster: the VMI's labels, its
 * namespace's labels, the MigrationPolicies and the KubeVirt CR, as the API server stores them.
 *
 * @param release the release profile ({@code --kubevirt-version}, else the CR's observed version,
 *     else the newest)
 * @param namespace the VMI's namespace
 * @param vmi the VMI's name
 * @param vmiLabels its labels, the target-node label included
 * @param namespaceLabels its namespace's labels, the name label included
 * @param policies every MigrationPolicy, in the order read
 * @param crMigrations the KubeVirt CR's {@code spec.configuration.migrations}, or null
 * @param kubevirtFrom where the CR came from, or null without one
 * @param targets what the target-node view judges, or null when it is not asked for (files without
 *     {@code --nodes}) or the Nodes cannot be read
 */
record ExplainSubject(
    ReleaseChoice release,
    String namespace,
    String vmi,
    Map<String, String> vmiLabels,
    Map<String, String> namespaceLabels,
    List<Candidate> policies,
    JsonNode crMigrations,
    String kubevirtFrom,
    TargetInputs targets) {

  private static final String POLICY_GROUP = "migrations.kubevirt.io/";

  /** From files: {@code --vmi}, {@code --namespace[-labels]}, {@code --kubevirt}, policy paths. */
  static ExplainSubject fromFiles(ExplainArgs a, InputStream stdin, PrintStream err)
      throws UsageException {
    JsonNode vmiObject =
        ExplainFiles.first(
            a.vmiFile(), "--vmi", List.of("VirtualMachineInstance", "VirtualMachine"));
    boolean isVm = "VirtualMachine".equals(vmiObject.path("kind").asText());
    JsonNode meta = vmiObject.path("metadata");
    String name = meta.path("name").asText("");
    String namespace = meta.path("namespace").asText("");
    Map<String, String> nsLabels = a.namespaceLabels();
    if (a.namespaceFile() != null) {
      JsonNode ns = ExplainFiles.first(a.namespaceFile(), "--namespace", List.of("Namespace"));
      String nsName = ns.path("metadata").path("name").asText("");
      if (!namespace.isEmpty() && !namespace.equals(nsName)) {
        throw new UsageException(
            "explain: --namespace "
                + a.namespaceFile()
                + " is namespace "
                + nsName
                + ", the VMI's is "
                + namespace);
      }
      namespace = nsName;
      nsLabels =
          ExplainFiles.labels(
              ns.path("metadata").path("labels"), a.namespaceFile(), "metadata.labels");
    }
    if (namespace.isEmpty()) {
      namespace = "default"; // where kubectl puts an object without a namespace
    }
    // A VirtualMachine's VMI carries the labels of its template.
    JsonNode labelled = vmiObject;
    if (isVm) {
      labelled = vmiObject.path("spec").path("template");
      err.println(
          "explain: a VirtualMachine: its VMI's labels are taken from spec.template.metadata.labels;"
              + " KubeVirt adds others to a running VMI (kubevirt.io/nodeName, ...): explain the"
              + " running VMI (explain vmi NAME) when a policy selects on those");
    }
    Map<String, String> vmiLabels;
    try {
      vmiLabels = Subjects.vmiLabels(labelled, a.targetNode(), a.vmiFile());
    } catch (Subjects.Unreadable e) {
      throw new UsageException("explain: " + e.getMessage());
    }
    JsonNode kubevirt = a.kubevirtFile() == null ? null : KubeVirtFile.load(a.kubevirtFile());
    ReleaseChoice release =
        KubeVirtFile.releaseFrom(
            a.kubevirtVersion(), "--kubevirt " + a.kubevirtFile(), kubevirt, err, "explain");
    TargetInputs targets = null;
    if (a.nodesFile() != null) {
      if (isVm) {
        throw new UsageException(
            "explain: --nodes judges a running VMI's target pod: --vmi must be the"
                + " VirtualMachineInstance (kubectl get vmi NAME -o yaml)");
      }
      List<NodeFacts> nodes = ExplainFiles.nodes(a.nodesFile());
      JsonNode pod =
          a.sourcePodFile() == null
              ? null
              : ExplainFiles.first(a.sourcePodFile(), "--source-pod", List.of("Pod"));
      JsonNode migration = migrationFile(a);
      targets =
          new TargetInputs(
              new PlacementInput(vmiObject, pod, migration, kubevirt, release.release()), nodes);
    }
    return new ExplainSubject(
        release,
        namespace,
        name,
        vmiLabels,
        Subjects.namespaceLabels(namespace, nsLabels),
        ExplainFiles.policies(a.policyPaths(), stdin, err),
        migrations(kubevirt),
        a.kubevirtFile() == null ? null : "--kubevirt " + a.kubevirtFile(),
        targets);
  }

  private static JsonNode migrationFile(ExplainArgs a) throws UsageException {
    return a.migrationFile() == null
        ? null
        : ExplainFiles.first(
            a.migrationFile(), "--migration", List.of("VirtualMachineInstanceMigration"));
  }

  /** From the cluster: the VMI, its namespace, every policy (paged) and the KubeVirt CR. */
  static ExplainSubject fromCluster(ExplainArgs a, java.time.Duration timeout, PrintStream err)
      throws UsageException {
    Config config = ClusterInput.config(a.context());
    String namespace =
        a.namespace() != null
            ? a.namespace()
            : config.getNamespace() != null ? config.getNamespace() : "default";
    try (ApiBudget budget =
            new ApiBudget(timeout, ApiBudget.MAX_ANSWER, config.getMasterUrl(), "explain: ", err);
        KubernetesClient client = budget.client(config)) {
      String what = "VirtualMachineInstance " + namespace + "/" + a.vmiName();
      JsonNode vmi;
      try {
        var found =
            budget.call(
                () ->
                    client
                        .genericKubernetesResources(ApiResource.VMI.context())
                        .inNamespace(namespace)
                        .withName(a.vmiName())
                        .get());
        if (found == null) {
          throw new UsageException("explain: " + what + " not found");
        }
        vmi = ClusterInput.tree(found);
      } catch (KubernetesClientException e) {
        throw new UsageException("explain: cannot get " + what + ": " + ClusterInput.why(e));
      }
      Namespace ns;
      try {
        ns = budget.call(() -> client.namespaces().withName(namespace).get());
      } catch (KubernetesClientException e) {
        throw new UsageException(
            "explain: cannot get namespace "
                + namespace
                + " (its labels are matched): "
                + ClusterInput.why(e));
      }
      if (ns == null) {
        throw new UsageException("explain: namespace " + namespace + " not found");
      }
      List<Candidate> policies = new ArrayList<>();
      try {
        for (JsonNode p : ClusterInput.trees(client, ApiResource.POLICY, null, budget)) {
          policies.add(
              Subjects.policy(p, "MigrationPolicy/" + p.path("metadata").path("name").asText()));
        }
      } catch (KubernetesClientException e) {
        throw new UsageException(
            "explain: cannot list migrationpolicies.migrations.kubevirt.io: "
                + ClusterInput.why(e));
      } catch (Subjects.Unreadable e) {
        throw new UsageException("explain: " + e.getMessage());
      }
      JsonNode kubevirt = null;
      try {
        List<JsonNode> crs = ClusterInput.trees(client, ApiResource.KUBEVIRT, null, budget);
        kubevirt = KubeVirtChoice.pick(crs).orElse(null);
        if (kubevirt == null) {
          err.println("explain: no KubeVirt CR in the cluster: built-in defaults shown");
        }
      } catch (KubernetesClientException e) {
        err.println(
            "explain: cannot list kubevirts.kubevirt.io ("
                + ClusterInput.why(e)
                + "): built-in defaults shown, the policy choice does not depend on it");
      }
      ReleaseChoice release =
          KubeVirtFile.releaseFrom(
              a.kubevirtVersion(), "the cluster's KubeVirt CR", kubevirt, err, "explain");
      TargetInputs targets =
          ClusterTargets.read(
              client, vmi, migrationFile(a), kubevirt, release.release(), err, budget);
      try {
        return new ExplainSubject(
            release,
            namespace,
            a.vmiName(),
            Subjects.vmiLabels(vmi, a.targetNode(), what),
            Subjects.namespaceLabels(namespace, ns.getMetadata().getLabels()),
            policies,
            migrations(kubevirt),
            kubevirt == null
                ? null
                : "KubeVirt/"
                    + kubevirt.path("metadata").path("namespace").asText()
                    + "/"
                    + kubevirt.path("metadata").path("name").asText(),
            targets);
      } catch (Subjects.Unreadable e) {
        throw new UsageException("explain: " + e.getMessage());
      }
    }
  }

  private static JsonNode migrations(JsonNode kubevirt) {
    return kubevirt == null ? null : kubevirt.path("spec").path("configuration").path("migrations");
  }
}
