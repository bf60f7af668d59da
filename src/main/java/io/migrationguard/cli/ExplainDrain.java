package io.migrationguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.cluster.KubeVirtChoice;
import io.migrationguard.core.placement.Drain;
import io.migrationguard.core.placement.DrainPlan;
import io.migrationguard.core.placement.NodeFacts;
import io.migrationguard.core.release.ReleaseChoice;
import io.migrationguard.judge.StoredJudge;
import io.migrationguard.report.DrainReport;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code explain drain NODE}: before {@code kubectl drain}, what happens to every VMI on the node
 * ({@link Drain}), read-only through the kubeconfig: the VMIs of every namespace (paged, those
 * whose {@code status.nodeName} is the node kept), the Nodes, the KubeVirt CR and each VMI's
 * launcher pod. Exit 1 when a VMI blocks the drain, for maintenance scripts.
 */
final class ExplainDrain {
  private static final Set<String> FINAL = Set.of("Succeeded", "Failed");

  private ExplainDrain() {}

  static int run(ExplainArgs a, Duration timeout, PrintStream out, PrintStream err)
      throws UsageException {
    String node = a.drainNode();
    Config config = ClusterInput.config(a.context());
    try (ApiBudget budget =
            new ApiBudget(
                timeout, ApiBudget.MAX_ANSWER, config.getMasterUrl(), "explain drain: ", err);
        KubernetesClient client = budget.client(config)) {
      List<NodeFacts> nodes;
      try {
        nodes = ClusterTargets.nodes(client, budget);
      } catch (KubernetesClientException e) {
        throw new UsageException("explain drain: cannot list nodes: " + ClusterInput.why(e));
      }
      if (nodes.stream().noneMatch(n -> n.name().equals(node))) {
        throw new UsageException("explain drain: node " + node + " not found");
      }
      List<JsonNode> vmis = new ArrayList<>();
      try {
        StoredJudge.lister(client, null, StoredJudge.PAGE, budget)
            .pages(
                ApiResource.VMI,
                page ->
                    page.forEach(
                        item -> {
                          // Kept only when on the node: the others' specs are never held.
                          Object on = item.get("status", "nodeName");
                          Object phase = item.get("status", "phase");
                          if (node.equals(on) && !FINAL.contains(String.valueOf(phase))) {
                            vmis.add(ClusterInput.tree(item));
                          }
                        }));
      } catch (KubernetesClientException e) {
        throw new UsageException(
            "explain drain: cannot list virtualmachineinstances.kubevirt.io: "
                + ClusterInput.why(e));
      }
      JsonNode kubevirt = null;
      try {
        kubevirt =
            KubeVirtChoice.pick(ClusterInput.trees(client, ApiResource.KUBEVIRT, null, budget))
                .orElse(null);
      } catch (KubernetesClientException e) {
        err.println(
            "explain drain: cannot list kubevirts.kubevirt.io ("
                + ClusterInput.why(e)
                + "): KubeVirt's default eviction strategy and no CR node selectors assumed");
      }
      if (kubevirt == null) {
        err.println("explain drain: no KubeVirt CR: its defaults assumed");
      }
      ReleaseChoice release =
          KubeVirtFile.releaseFrom(
              a.kubevirtVersion(), "the cluster's KubeVirt CR", kubevirt, err, "explain drain");
      Map<String, JsonNode> pods = new HashMap<>();
      for (JsonNode vmi : vmis) {
        try {
          ClusterTargets.launcherPod(client, vmi, budget)
              .ifPresent(p -> pods.put(vmi.path("metadata").path("uid").asText(), p));
        } catch (KubernetesClientException e) {
          err.println(
              "explain drain: cannot list the launcher pods of "
                  + vmi.path("metadata").path("namespace").asText()
                  + "/"
                  + vmi.path("metadata").path("name").asText()
                  + " ("
                  + ClusterInput.why(e)
                  + "): judged without their nodeSelector");
        }
      }
      DrainPlan plan = Drain.judge(node, vmis, pods, kubevirt, release.release(), nodes);
      String from = "KubeVirt " + release.describe();
      out.print(a.json() ? DrainReport.json(plan, from) : DrainReport.text(plan, from));
      out.flush();
      if (out.checkError()) {
        err.println("explain drain: cannot write the answer to standard output");
        return Lint.ERROR;
      }
      return plan.blocking().isEmpty() ? Lint.OK : Lint.INVALID;
    }
  }
}
