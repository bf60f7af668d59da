package io.migrationguard.core.rules.vmim;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.names.ServiceAccounts;
import io.migrationguard.core.placement.Feasibility;
import io.migrationguard.core.placement.NodeFacts;
import io.migrationguard.core.placement.Placement;
import io.migrationguard.core.placement.PlacementInput;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code vmim-target-node}: some Node can take the migration's target pod, as far as Nodes tell
 * (the engine of core/placement, docs/placement.md). KubeVirt's own admitter never asks; a target
 * pod that no node takes holds a parallel-migration slot until its scheduling timeout and then
 * fails. A warning by default; an operator's {@code deny} never blocks KubeVirt's controller (its
 * evacuations of a drained node are judged too, and warned about, but a denied evacuation would
 * only be retried). Best effort: a lookup that cannot answer now skips the rule, as does a cluster
 * whose Nodes are not known (no Nodes listed).
 */
public final class TargetNode extends Rule {
  private final Release release;
  private final Set<String> controllers;

  /**
   * @param release the release profile that renders the target pod
   * @param trusted the configured priority requesters: those that are a KubeVirt controller account
   *     are never blocked by this rule
   */
  public TargetNode(Release release, Set<String> trusted) {
    super(
        RuleInfo.warning(
                "vmim-target-node",
                Scope.VMIM_CREATE,
                "Some Node can take the migration's target pod: its nodeSelector (the VMI's, the"
                    + " KubeVirt CR's, host-model and CPU labels), required node affinity,"
                    + " tolerations against taints and cordons, and the anti-affinity to the source"
                    + " node, judged as virt-controller renders the pod and the scheduler filters"
                    + " Nodes.",
                "Free or label a node the VMI can run on (uncordon it, add the missing label,"
                    + " tolerate the taint), or relax the VMI's or the migration's node"
                    + " constraints; 'explain vmi NAME' lists every node with its reason.")
            .needs(Lookup.VMI, Lookup.NODES)
            .webhookOnly(RuleInfo.WebhookOnly.CLUSTER + " (the Nodes and the virt-launcher pod)"));
    this.release = release;
    this.controllers =
        trusted.stream()
            .filter(ServiceAccounts::isKubeVirtController)
            .collect(Collectors.toUnmodifiableSet());
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    JsonNode spec = review.object().path("spec");
    String name = RuleHelpers.textOrEmpty(spec.path("vmiName"));
    if (name.isEmpty()
        || (RuleHelpers.isSet(spec.path("sendTo")) && !RuleHelpers.isSet(spec.path("receive")))) {
      return; // no VMI named, or a decentralized source: its target pod is another cluster's
    }
    String namespace = review.effectiveNamespace();
    Placement placement;
    try {
      Optional<JsonNode> vmi = cluster.vmi(namespace, name);
      if (vmi.isEmpty() || RuleHelpers.isFinalPhase(RuleHelpers.phase(vmi.get()))) {
        return; // vmim-vmi-migratable reports it
      }
      String node = RuleHelpers.textOrEmpty(RuleHelpers.at(vmi.get(), "status", "nodeName"));
      List<NodeFacts> nodes = cluster.nodes();
      if (node.isEmpty() || nodes.isEmpty()) {
        return; // not running anywhere yet, or no Nodes known: nothing to judge against
      }
      JsonNode kubevirt = cluster.kubevirt();
      JsonNode cr = kubevirt.isMissingNode() ? null : kubevirt;
      // One live list per create, and only when the pod's selectors count (a host-model VMI).
      String uid = RuleHelpers.textOrEmpty(RuleHelpers.at(vmi.get(), "metadata", "uid"));
      JsonNode pod =
          uid.isEmpty() || !Feasibility.readsSourcePod(vmi.get(), cr)
              ? null
              : cluster.launcherPod(namespace, uid, node).orElse(null);
      PlacementInput in = new PlacementInput(vmi.get(), pod, review.object(), cr, release);
      if (Feasibility.anyFeasible(in, nodes)) {
        return; // the common case: stop at the first node that fits
      }
      placement = Feasibility.judge(in, nodes);
    } catch (ClusterUnavailableException e) {
      return; // best effort: a warning is not worth a 503
    }
    String requester = review.requester();
    Findings to = requester != null && controllers.contains(requester) ? out.warningsOnly() : out;
    // The summary alone ("0 of 12 nodes can take db-0: 7 lack ..."), most telling first: a
    // warning is cut at 120 characters; 'explain vmi' gives every node's reason.
    to.invalid(FieldPath.of("spec", "vmiName"), name, placement.summary());
  }
}
