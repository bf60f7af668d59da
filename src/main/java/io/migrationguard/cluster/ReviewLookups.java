package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.cluster.StoredProjection;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.placement.NodeFacts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The lookups of one review, sharing one {@link Deadline}: answered from the {@link CachedCluster}
 * while a cache is fresh, else from the API server ({@link LiveLookups}, in pages, kept as
 * projections), with what this process admitted ({@link InflightRegistry}) laid over both. Made by
 * {@link InformerClusterView#within} and {@link InformerClusterView#cachesOnly}.
 */
final class ReviewLookups implements ClusterView {

  private final CachedCluster caches;
  private final LiveLookups live;
  private final InflightRegistry inflight;
  private final Deadline deadline;
  private final boolean cachesOnly;
  private final ClusterWideLookups clusterWide;
  // One review's VMI GETs, so that one fetched before a lock is not fetched again under it.
  private final Map<String, Optional<JsonNode>> vmis = new HashMap<>();
  // The policies one policy is compared with: the selector rules of a judgement ask for them in
  // turn with the same object. Kept while no in-flight entry came or went (a judgement made again
  // under its key's lock follows another admission, and must see it).
  private JsonNode comparedFor;
  private long comparedAt;
  private List<JsonNode> compared;

  ReviewLookups(
      CachedCluster caches,
      LiveLookups live,
      InflightRegistry inflight,
      Deadline deadline,
      boolean cachesOnly) {
    this.caches = caches;
    this.live = live;
    this.inflight = inflight;
    this.deadline = deadline;
    this.cachesOnly = cachesOnly;
    this.clusterWide = new ClusterWideLookups(caches, live, deadline, cachesOnly);
  }

  private void mayGoLive(Lookup lookup) {
    clusterWide.mayGoLive(lookup);
  }

  /** What the service's views look up: everything, one shared set (asked once per review). */
  static final Set<Lookup> ALL = Collections.unmodifiableSet(EnumSet.allOf(Lookup.class));

  @Override
  public Set<Lookup> supports() {
    return ALL;
  }

  @Override
  public Optional<JsonNode> vmi(String namespace, String name) {
    if (!Names.isNamespace(namespace) || !Names.isObjectName(name)) {
      return Optional.empty(); // no such object can exist
    }
    String key = namespace + "/" + name;
    Optional<JsonNode> known = vmis.get(key);
    if (known != null) {
      return known;
    }
    mayGoLive(Lookup.VMI);
    ApiResource vmi = ApiResource.VMI;
    Optional<JsonNode> found = live.get(vmi.objectPath(namespace, name), Lookup.VMI, key, deadline);
    vmis.put(key, found);
    return found;
  }

  @Override
  public List<JsonNode> migrations(String namespace) {
    if (!Names.isNamespace(namespace)) {
      return inflight.migrations(namespace, List.of());
    }
    if (!caches.migrations().fresh()) {
      mayGoLive(Lookup.MIGRATIONS);
      return inflight.migrations(
          namespace,
          live.list(
              ApiResource.VMIM.collectionPath(namespace),
              null,
              Lookup.MIGRATIONS,
              "namespace " + namespace,
              deadline,
              ReviewLookups::projectMigration));
    }
    // Not on any review's path (the rules ask by VMI, by name or for the unfinished ones): a
    // scan of the cache's keys, finished migrations as their name and phase.
    String prefix = namespace + "/";
    List<JsonNode> listed = new ArrayList<>();
    caches
        .migrations()
        .keys()
        .filter(k -> k.startsWith(prefix))
        .forEach(k -> caches.cached(k).ifPresent(listed::add));
    return inflight.migrations(namespace, listed);
  }

  @Override
  public Optional<JsonNode> migration(String namespace, String name) {
    if (!Names.isNamespace(namespace) || !Names.isObjectName(name)) {
      return Optional.empty(); // no such object can exist
    }
    Optional<JsonNode> stored;
    if (caches.migrations().fresh()) {
      stored = caches.cached(namespace + "/" + name);
    } else {
      mayGoLive(Lookup.MIGRATIONS);
      // A list by name, not a GET: the service is granted list and watch on migrations only.
      stored =
          live
              .list(
                  ApiResource.VMIM.collectionPath(namespace),
                  LiveLookups.byName(name),
                  Lookup.MIGRATIONS,
                  namespace + "/" + name,
                  deadline,
                  ReviewLookups::projectMigration)
              .stream()
              .findFirst();
    }
    // What this process admitted and the cache does not show yet counts too.
    return inflight.migrations(namespace, stored.map(List::of).orElse(List.of())).stream()
        .filter(m -> name.equals(name(m)))
        .findFirst();
  }

  @Override
  public List<JsonNode> migrationsOf(String namespace, String vmiName) {
    if (vmiName.isEmpty()) {
      return List.of();
    }
    if (!caches.migrations().fresh()) {
      return liveMigrationsOf(namespace, vmiName);
    }
    // Only unfinished migrations are indexed: no rule counts a finished one.
    List<JsonNode> indexed =
        caches.migrations().trees(caches.indexes().targeting(namespace, vmiName));
    return inflight.migrations(namespace, indexed).stream()
        .filter(m -> MigrationIndexes.targets(m, vmiName))
        .toList();
  }

  /**
   * A stale cache's answer, from the API server: the migrations labelled {@code
   * kubevirt.io/vmi-name=VMI} (KubeVirt's create mutator labels every migration so, v1.5 to v1.9,
   * pkg/virt-api/webhooks/mutating-webhook/mutators/migration-create-mutator.go), not every
   * migration of the namespace, which may be thousands.
   */
  private List<JsonNode> liveMigrationsOf(String namespace, String vmiName) {
    List<JsonNode> listed = List.of();
    if (Names.isNamespace(namespace) && Names.isLabelValue(vmiName)) {
      mayGoLive(Lookup.MIGRATIONS);
      listed =
          live.list(
              ApiResource.VMIM.collectionPath(namespace),
              LiveLookups.byLabel(Kind.VMI_NAME_LABEL, vmiName),
              Lookup.MIGRATIONS,
              "migrations of " + namespace + "/" + vmiName,
              deadline,
              ReviewLookups::projectMigration);
    }
    return inflight.migrations(namespace, listed).stream()
        .filter(m -> MigrationIndexes.targets(m, vmiName))
        .toList();
  }

  @Override
  public List<JsonNode> migrationPolicies() {
    if (!caches.policies().fresh()) {
      mayGoLive(Lookup.POLICIES);
    }
    List<JsonNode> listed =
        caches.policies().fresh()
            ? caches.policies().all()
            : live.list(
                ApiResource.POLICY.collectionPath(null),
                null,
                Lookup.POLICIES,
                "cluster",
                deadline,
                StoredProjection::policy);
    return inflight.policies(listed);
  }

  @Override
  public List<JsonNode> policiesComparableWith(JsonNode policy) {
    long generation = inflight.generation();
    if (compared != null && policy == comparedFor && generation == comparedAt) {
      return compared;
    }
    List<JsonNode> out =
        caches.policies().fresh()
            ? inflight.policies(caches.policyIndex().candidates(policy))
            : migrationPolicies();
    comparedFor = policy;
    comparedAt = generation;
    compared = out;
    return out;
  }

  @Override
  public FeatureGates featureGates() {
    return clusterWide.featureGates();
  }

  @Override
  public List<JsonNode> unfinishedMigrations() {
    return clusterWide.unfinishedMigrations();
  }

  @Override
  public JsonNode migrationConfiguration() {
    return clusterWide.migrationConfiguration();
  }

  @Override
  public List<NodeFacts> nodes() {
    return clusterWide.nodes();
  }

  @Override
  public Optional<JsonNode> launcherPod(String namespace, String vmiUid, String nodeName) {
    return clusterWide.launcherPod(namespace, vmiUid, nodeName);
  }

  @Override
  public JsonNode kubevirt() {
    return clusterWide.kubevirt();
  }

  /** A listed migration as the cache would keep it. */
  private static JsonNode projectMigration(JsonNode m) {
    return StoredProjection.finished(m)
        ? StoredProjection.finishedMigration(m)
        : StoredProjection.migration(m);
  }

  private static String name(JsonNode o) {
    return o.path("metadata").path("name").asText("");
  }
}
