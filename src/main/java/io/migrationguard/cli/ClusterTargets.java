package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.core.cluster.LauncherPods;
import io.migrationguard.core.placement.NodeFacts;
import io.migrationguard.core.placement.PlacementInput;
import io.migrationguard.core.release.Release;
import io.migrationguard.judge.StoredJudge;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The target view's inputs read from a cluster, with the command line's kubeconfig: every Node
 * (paged, as {@link NodeFacts}) and a VMI's running launcher pod (a list by label {@code
 * kubevirt.io/created-by=<uid>} in its namespace). Read-only; a read that fails leaves the view out
 * with a line on stderr, since the policy answer does not depend on it.
 */
final class ClusterTargets {
  private ClusterTargets() {}

  /** The inputs for {@code vmi}, or null when the Nodes cannot be listed. */
  static TargetInputs read(
      KubernetesClient client,
      JsonNode vmi,
      JsonNode migration,
      JsonNode kubevirt,
      Release release,
      PrintStream err,
      StoredJudge.Calls calls) {
    List<NodeFacts> nodes;
    try {
      nodes = nodes(client, calls);
    } catch (KubernetesClientException e) {
      err.println("explain: cannot list nodes (" + ClusterInput.why(e) + "): no target-node view");
      return null;
    }
    JsonNode pod;
    try {
      pod = launcherPod(client, vmi, calls).orElse(null);
    } catch (KubernetesClientException e) {
      err.println(
          "explain: cannot list the VMI's launcher pods ("
              + ClusterInput.why(e)
              + "): judged without its nodeSelector");
      pod = null;
    }
    return new TargetInputs(new PlacementInput(vmi, pod, migration, kubevirt, release), nodes);
  }

  /** Every Node, in pages, each kept as its {@link NodeFacts} only. */
  static List<NodeFacts> nodes(KubernetesClient client, StoredJudge.Calls calls) {
    List<NodeFacts> out = new ArrayList<>();
    StoredJudge.lister(client, null, StoredJudge.PAGE, calls)
        .pages(
            ApiResource.NODE,
            page -> page.forEach(item -> out.add(NodeFacts.of(ClusterInput.tree(item)))));
    return out;
  }

  /** The VMI's running launcher pod on its node, if any. */
  static Optional<JsonNode> launcherPod(
      KubernetesClient client, JsonNode vmi, StoredJudge.Calls calls) {
    String uid = vmi.path("metadata").path("uid").asText("");
    String ns = vmi.path("metadata").path("namespace").asText("");
    if (uid.isEmpty() || ns.isEmpty()) {
      return Optional.empty();
    }
    List<JsonNode> pods = new ArrayList<>();
    calls
        .call(
            () ->
                client
                    .genericKubernetesResources(ApiResource.POD.context())
                    .inNamespace(ns)
                    .withLabel(LauncherPods.CREATED_BY, uid)
                    .list())
        .getItems()
        .forEach(p -> pods.add(LauncherPods.project(ClusterInput.tree(p))));
    return LauncherPods.pick(pods, vmi.path("status").path("nodeName").asText(""));
  }
}
