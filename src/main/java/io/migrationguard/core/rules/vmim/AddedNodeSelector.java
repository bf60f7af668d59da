package io.migrationguard.core.rules.vmim;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.model.Shown;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * {@code vmim-added-node-selector}: the extra node selector is made of valid label keys and values
 * (a bad one would only surface later as an unschedulable target pod), and, where the cluster is
 * read, it does what it says. virt-controller builds the target pod's node selector from the added
 * one first and the VMI's own over it ({@code createTargetPod},
 * pkg/virt-controller/watch/migration/migration.go, v1.6 to v1.9), so a key the VMI already selects
 * with another value is silently ignored (a warning); and the target pod may not run on the VMI's
 * own node (its anti-affinity), so a {@code kubernetes.io/hostname} equal to the VMI's {@code
 * status.nodeName} leaves the migration pending until it fails (kubevirt#18946: an error).
 */
public final class AddedNodeSelector extends Rule {
  static final String HOSTNAME = "kubernetes.io/hostname";

  public AddedNodeSelector() {
    super(
        RuleInfo.error(
                "vmim-added-node-selector",
                Scope.VMIM_CREATE,
                "Every key of spec.addedNodeSelector must be a valid label key and every value a"
                    + " valid label value; with the cluster read, a key the VMI's own nodeSelector"
                    + " sets to another value is ignored (a warning), and kubernetes.io/hostname"
                    + " naming the node the VMI runs on can never be met (an error).",
                "Use valid label keys and values in spec.addedNodeSelector: they are matched against"
                    + " node labels; select a node other than the VMI's own, and change the VMI's"
                    + " nodeSelector rather than overriding it.")
            .webhookOnly(RuleInfo.WebhookOnly.PER_KEY));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    FieldPath path = FieldPath.of("spec", "addedNodeSelector");
    JsonNode added = RuleHelpers.at(review.object(), "spec", "addedNodeSelector");
    RuleHelpers.labelMap(out, path, added);
    if (added == null || !added.isObject() || added.isEmpty()) {
      return;
    }
    // Stateless where the cluster is not read (the lint on files): only the syntax above.
    if (!cluster.supports().contains(Lookup.VMI)) {
      return;
    }
    String name = RuleHelpers.textOrEmpty(RuleHelpers.at(review.object(), "spec", "vmiName"));
    if (name.isEmpty()) {
      return;
    }
    Optional<JsonNode> vmi = cluster.vmi(review.effectiveNamespace(), name);
    if (vmi.isEmpty()) {
      return; // vmim-vmi-migratable reports it
    }
    JsonNode own = RuleHelpers.at(vmi.get(), "spec", "nodeSelector");
    String node = RuleHelpers.textOrEmpty(RuleHelpers.at(vmi.get(), "status", "nodeName"));
    for (Iterator<Map.Entry<String, JsonNode>> it = added.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = e.getKey();
      String value = RuleHelpers.textOrEmpty(e.getValue());
      JsonNode mine = own.isObject() ? own.get(key) : null;
      if (mine != null && mine.isTextual() && !mine.textValue().equals(value)) {
        out.as(Severity.WARNING)
            .invalid(
                path.key(key),
                e.getValue(),
                "ignored: VirtualMachineInstance "
                    + Shown.quoted(name)
                    + " selects "
                    + key
                    + "="
                    + Shown.quoted(mine.textValue())
                    + " in its own spec.nodeSelector, which wins over the added one");
      } else if (key.equals(HOSTNAME) && !node.isEmpty() && value.equals(node)) {
        out.invalid(
            path.key(key),
            e.getValue(),
            "selects only node "
                + Shown.quoted(node)
                + ", where VirtualMachineInstance "
                + Shown.quoted(name)
                + " already runs: a migration target never runs beside its source, so it stays"
                + " pending until it fails");
      }
    }
  }
}
