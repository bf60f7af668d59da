package io.migrationguard.core.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.placement.NodeFacts;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The port through which rules ask about the cluster. The webhook backs it with informer caches,
 * the lint with the set of files it was given, tests with {@link InMemoryClusterView}. Objects are
 * plain JSON trees as the API server serves them.
 *
 * <p>A lookup the view cannot answer at all is left out of {@link #supports()}: rules that need it
 * are skipped and reported as not checked. A lookup it normally answers but cannot answer now
 * throws {@link ClusterUnavailableException}.
 */
public interface ClusterView {

  /** The lookups this view can answer. */
  Set<Lookup> supports();

  /**
   * The VirtualMachineInstance {@code namespace/name}, or empty when it does not exist. Empty where
   * {@link #supports()} lacks {@link Lookup#VMI}.
   */
  default Optional<JsonNode> vmi(String namespace, String name) {
    return Optional.empty();
  }

  /** Every VirtualMachineInstanceMigration of {@code namespace}. */
  List<JsonNode> migrations(String namespace);

  /**
   * The VirtualMachineInstanceMigrations of {@code namespace} that target {@code vmiName}, by the
   * label {@code kubevirt.io/vmi-name} or by {@code spec.vmiName}. Same lookup as {@link
   * #migrations}; views with an index by target (the service's informer) answer it without scanning
   * the namespace. A view may leave finished (Succeeded or Failed) migrations out: no rule counts
   * them ({@link StoredProjection}).
   */
  default List<JsonNode> migrationsOf(String namespace, String vmiName) {
    if (vmiName.isEmpty()) {
      return List.of();
    }
    return migrations(namespace).stream()
        .filter(
            m ->
                vmiName.equals(m.path("metadata").path("labels").path(Kind.VMI_NAME_LABEL).asText())
                    || vmiName.equals(m.path("spec").path("vmiName").asText()))
        .toList();
  }

  /**
   * The VirtualMachineInstanceMigration {@code namespace/name} ({@link Lookup#MIGRATIONS}), or
   * empty when there is none. A finished one may come back as its name and phase only.
   */
  default Optional<JsonNode> migration(String namespace, String name) {
    return migrations(namespace).stream()
        .filter(m -> name.equals(m.path("metadata").path("name").asText()))
        .findFirst();
  }

  /** Every MigrationPolicy of the cluster (or of the input set, offline). */
  List<JsonNode> migrationPolicies();

  /**
   * The MigrationPolicies that {@code policy}'s selector rules may fire on ({@link
   * Lookup#POLICIES}): a superset of those with equal selectors or selectors that can tie ({@link
   * PolicyIndex}), in any order, perhaps including {@code policy} itself. Views with an index
   * answer without reading every policy; the default is every policy.
   */
  default List<JsonNode> policiesComparableWith(JsonNode policy) {
    return migrationPolicies();
  }

  /** The feature gates in force. */
  FeatureGates featureGates();

  /**
   * Every VirtualMachineInstanceMigration of the cluster that is not Succeeded or Failed ({@link
   * Lookup#MIGRATION_QUEUE}).
   */
  default List<JsonNode> unfinishedMigrations() {
    return List.of();
  }

  /**
   * The KubeVirt CR's {@code spec.configuration.migrations} ({@link Lookup#MIGRATION_QUEUE}), or a
   * missing node when there is none or it sets none.
   */
  default JsonNode migrationConfiguration() {
    return MissingNode.getInstance();
  }

  /**
   * Every Node of the cluster as the placement engine reads it ({@link Lookup#NODES}); empty when
   * the view knows none.
   */
  default List<NodeFacts> nodes() {
    return List.of();
  }

  /**
   * The VMI's running virt-launcher pod ({@link Lookup#NODES}): the pod of {@code namespace}
   * labelled {@code kubevirt.io/created-by=<vmiUid>} that runs on {@code nodeName} (the VMI's
   * {@code status.nodeName}), else any running one; at least its {@code spec.nodeSelector}. Empty
   * when there is none.
   */
  default Optional<JsonNode> launcherPod(String namespace, String vmiUid, String nodeName) {
    return Optional.empty();
  }

  /**
   * The KubeVirt CR in force ({@link Lookup#NODES}), at least what the placement engine reads of it
   * ({@link StoredProjection#kubevirt}), or a missing node when there is none.
   */
  default JsonNode kubevirt() {
    return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  /** A view that knows nothing of a cluster: only the default feature gates. */
  static ClusterView none() {
    return NoClusterView.INSTANCE;
  }
}
