package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.LauncherPods;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.cluster.StoredProjection;
import io.migrationguard.core.placement.NodeFacts;
import java.util.List;
import java.util.Optional;

/**
 * One review's lookups of what belongs to the whole cluster rather than to a namespace or a VMI:
 * the KubeVirt CR (its gates, its migration limits, what placement reads of it), the running
 * migrations, the Nodes and a VMI's launcher pod. Nothing here is laid over with what this process
 * admitted, so it needs no {@link InflightRegistry}; {@link ReviewLookups} delegates to it.
 *
 * @param cachesOnly on the event loop: a stale cache answers 503 rather than a blocking request
 */
record ClusterWideLookups(
    CachedCluster caches, LiveLookups live, Deadline deadline, boolean cachesOnly) {

  /** On the event loop a stale cache is not worth a blocking request: 503 instead. */
  void mayGoLive(Lookup lookup) {
    if (cachesOnly) {
      throw new ClusterUnavailableException(lookup, "the cache is being resynchronised");
    }
  }

  FeatureGates featureGates() {
    if (!caches.kubevirts().fresh()) {
      mayGoLive(Lookup.FEATURE_GATES);
    }
    if (caches.kubevirts().fresh()) {
      return caches.gates();
    }
    return KubeVirtChoice.gates(
        live.list(
            ApiResource.KUBEVIRT.collectionPath(null),
            null,
            Lookup.FEATURE_GATES,
            "KubeVirt CR",
            deadline,
            StoredProjection::kubevirt));
  }

  // Only from fresh caches, through their index: a live list of every migration of the cluster
  // is not worth it (the one rule that asks only warns).
  List<JsonNode> unfinishedMigrations() {
    if (!caches.migrations().fresh()) {
      throw new ClusterUnavailableException(
          Lookup.MIGRATION_QUEUE, "the migrations cache is not synced");
    }
    return caches.migrations().trees(caches.indexes().unfinished());
  }

  JsonNode migrationConfiguration() {
    if (!caches.kubevirts().fresh()) {
      throw new ClusterUnavailableException(
          Lookup.MIGRATION_QUEUE, "the KubeVirt cache is not synced");
    }
    return KubeVirtChoice.migrations(caches.kubevirts().all());
  }

  /**
   * From the Nodes cache only: a live list of every Node (500 nodes, 10 MB of JSON) is not worth it
   * for a rule that warns; while the cache is not fresh the rule is skipped.
   */
  List<NodeFacts> nodes() {
    if (!caches.nodes().fresh()) {
      throw new ClusterUnavailableException(Lookup.NODES, "the Nodes cache is not synced");
    }
    return caches.nodes().nodes();
  }

  /**
   * One live list by label ({@code kubevirt.io/created-by=<uid>}) in the VMI's namespace, bounded
   * by the review's deadline: a VMI has one or two launcher pods (a few while a migration runs),
   * kept as {@link LauncherPods#project projections}. Pods are never cached: a cluster holds
   * thousands, and a migration create is rare. Read from the API server's watch cache ({@link
   * LiveLookups.Read#ANY_RECENT}): a node drain creates a migration per VMI at once, and the pod of
   * a running VMI is older than that cache's normal lag.
   */
  Optional<JsonNode> launcherPod(String namespace, String vmiUid, String nodeName) {
    if (!Names.isNamespace(namespace) || !Names.isLabelValue(vmiUid) || vmiUid.isEmpty()) {
      return Optional.empty();
    }
    mayGoLive(Lookup.NODES);
    List<JsonNode> pods =
        live.list(
            ApiResource.POD.collectionPath(namespace),
            LiveLookups.byLabel(LauncherPods.CREATED_BY, vmiUid),
            LiveLookups.Read.ANY_RECENT,
            Lookup.NODES,
            "launcher pod of " + namespace + " uid " + vmiUid,
            deadline,
            LauncherPods::project);
    return LauncherPods.pick(pods, nodeName);
  }

  JsonNode kubevirt() {
    List<JsonNode> crs;
    if (caches.kubevirts().fresh()) {
      crs = caches.kubevirts().all();
    } else {
      mayGoLive(Lookup.NODES);
      crs =
          live.list(
              ApiResource.KUBEVIRT.collectionPath(null),
              null,
              Lookup.NODES,
              "KubeVirt CR",
              deadline,
              StoredProjection::kubevirt);
    }
    return KubeVirtChoice.pick(crs).orElse(MissingNode.getInstance());
  }
}
