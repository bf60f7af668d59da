package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Review;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.Lookup;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link ClusterView} of the service: informer caches for MigrationPolicies, VMIMs and the
 * KubeVirt CR, a bounded live GET for VMIs, and the {@link InflightRegistry} laid over both.
 *
 * <p>VMIs are not cached: a large cluster holds 10k+ VMIs of 10-50 KB each (hundreds of MB per
 * replica, and a watch event for every status change), while the only question asked of them is one
 * GET per migration CREATE, a rare request. A cache answers only while {@link InformerCache#fresh()
 * fresh}; otherwise the same question goes to the API server, bounded by the review's {@link
 * Deadline}, and fails as {@code ClusterUnavailableException} (a 503) when the API server does not
 * answer in time. Stale data is never used.
 *
 * <p>The {@code ClusterView} methods give each lookup the full lookup timeout; {@link
 * #within(Deadline)} gives a view whose lookups share one review's budget.
 */
public final class InformerClusterView implements ClusterView, AutoCloseable {
  private final InformerCache policies;
  private final InformerCache migrations;
  private final InformerCache kubevirts;
  private final LiveLookups live;
  private final InflightRegistry inflight;
  private final Duration lookupTimeout;

  private InformerClusterView(
      KubernetesClient client, ObjectMapper mapper, InflightRegistry inflight, Duration timeout) {
    this.policies = new InformerCache(client, ApiResource.POLICY, Map.of());
    this.migrations = new InformerCache(client, ApiResource.VMIM, MigrationIndexes.all());
    this.kubevirts = new InformerCache(client, ApiResource.KUBEVIRT, Map.of());
    this.live = new LiveLookups(client, mapper);
    this.inflight = inflight;
    this.lookupTimeout = timeout;
  }

  /**
   * The KubeVirt CR in force as the cache last saw it (the one {@link KubeVirtChoice} picks). A
   * watch that is down keeps the last state: the release a cluster runs does not change because a
   * watch restarts, and falling back would judge for another release meanwhile.
   */
  public KubeVirtSeen lastKnownKubeVirt() {
    return kubevirts.synced()
        ? new KubeVirtSeen(true, KubeVirtChoice.pick(kubevirts.all()))
        : KubeVirtSeen.UNKNOWN;
  }

  /** Runs {@code change} on the informer's thread whenever a KubeVirt CR changes. */
  public void onKubeVirtChange(Runnable change) {
    kubevirts.onChange(change);
  }

  /** Creates the view and starts its informers in the background (this does not block). */
  public static InformerClusterView start(
      KubernetesClient client, ObjectMapper mapper, InflightRegistry inflight, Duration timeout) {
    InformerClusterView view = new InformerClusterView(client, mapper, inflight, timeout);
    view.policies.start();
    view.migrations.start();
    view.kubevirts.start();
    return view;
  }

  /** A view whose lookups together take at most what is left of {@code deadline}. */
  public ClusterView within(Deadline deadline) {
    return new Bound(deadline, false);
  }

  /**
   * The caches alone, for a review judged on the event loop: a lookup a cache cannot answer (it
   * went stale since {@link #answersFromCaches} said yes) is unavailable (503), never a live
   * request that would block the event loop.
   */
  public ClusterView cachesOnly() {
    return new Bound(Deadline.after(lookupTimeout), true);
  }

  /**
   * Whether the caches can answer every lookup of {@code review} now: policy reviews read the
   * policies and the KubeVirt CR; migration updates read nothing; a migration create looks its VMI
   * up live.
   */
  public boolean answersFromCaches(Review review) {
    if (review.kind() == Kind.POLICY) {
      return policies.fresh() && kubevirts.fresh();
    }
    // A migration create looks its VMI up live; an update reads nothing.
    return review.operation() != Operation.CREATE;
  }

  /** The state of each cache, for readiness. */
  public List<CacheState> states() {
    return List.of(policies.state(), migrations.state(), kubevirts.state());
  }

  @Override
  public Set<Lookup> supports() {
    return EnumSet.allOf(Lookup.class);
  }

  @Override
  public Optional<JsonNode> vmi(String namespace, String name) {
    return within(Deadline.after(lookupTimeout)).vmi(namespace, name);
  }

  @Override
  public List<JsonNode> migrations(String namespace) {
    return within(Deadline.after(lookupTimeout)).migrations(namespace);
  }

  @Override
  public List<JsonNode> migrationsOf(String namespace, String vmiName) {
    return within(Deadline.after(lookupTimeout)).migrationsOf(namespace, vmiName);
  }

  @Override
  public List<JsonNode> migrationPolicies() {
    return within(Deadline.after(lookupTimeout)).migrationPolicies();
  }

  @Override
  public FeatureGates featureGates() {
    return within(Deadline.after(lookupTimeout)).featureGates();
  }

  @Override
  public List<JsonNode> unfinishedMigrations() {
    return within(Deadline.after(lookupTimeout)).unfinishedMigrations();
  }

  @Override
  public JsonNode migrationConfiguration() {
    return within(Deadline.after(lookupTimeout)).migrationConfiguration();
  }

  @Override
  public void close() {
    policies.close();
    migrations.close();
    kubevirts.close();
  }

  /** The lookups of one review, sharing one deadline. */
  private final class Bound implements ClusterView {
    private final Deadline deadline;
    private final boolean cachesOnly;
    // One review's VMI GETs, so that one fetched before a lock is not fetched again under it.
    private final Map<String, Optional<JsonNode>> vmis = new java.util.HashMap<>();

    Bound(Deadline deadline, boolean cachesOnly) {
      this.deadline = deadline;
      this.cachesOnly = cachesOnly;
    }

    /** On the event loop a stale cache is not worth a blocking request: 503 instead. */
    private void mayGoLive(Lookup lookup) {
      if (cachesOnly) {
        throw new ClusterUnavailableException(lookup, "the cache is being resynchronised");
      }
    }

    @Override
    public Set<Lookup> supports() {
      return InformerClusterView.this.supports();
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
      Optional<JsonNode> found =
          live.get(vmi.objectPath(namespace, name), Lookup.VMI, key, deadline);
      vmis.put(key, found);
      return found;
    }

    @Override
    public List<JsonNode> migrations(String namespace) {
      if (!Names.isNamespace(namespace)) {
        return inflight.migrations(namespace, List.of());
      }
      if (!migrations.fresh()) {
        mayGoLive(Lookup.MIGRATIONS);
      }
      List<JsonNode> listed =
          migrations.fresh()
              ? migrations.byIndex(Cache.NAMESPACE_INDEX, namespace)
              : live.list(
                  ApiResource.VMIM.collectionPath(namespace),
                  Lookup.MIGRATIONS,
                  "namespace " + namespace,
                  deadline);
      return inflight.migrations(namespace, listed);
    }

    @Override
    public List<JsonNode> migrationsOf(String namespace, String vmiName) {
      if (vmiName.isEmpty() || !migrations.fresh()) {
        return ClusterView.super.migrationsOf(namespace, vmiName);
      }
      // Label OR spec.vmiName: union of the two indexes, each object once.
      Map<String, JsonNode> byName = new LinkedHashMap<>();
      String key = namespace + "/" + vmiName;
      for (String index : List.of(MigrationIndexes.BY_VMI_LABEL, MigrationIndexes.BY_VMI_NAME)) {
        migrations.byIndex(index, key).forEach(m -> byName.putIfAbsent(name(m), m));
      }
      return inflight.migrations(namespace, List.copyOf(byName.values())).stream()
          .filter(m -> MigrationIndexes.targets(m, vmiName))
          .toList();
    }

    @Override
    public List<JsonNode> migrationPolicies() {
      if (!policies.fresh()) {
        mayGoLive(Lookup.POLICIES);
      }
      List<JsonNode> listed =
          policies.fresh()
              ? policies.all()
              : live.list(
                  ApiResource.POLICY.collectionPath(null), Lookup.POLICIES, "cluster", deadline);
      return inflight.policies(listed);
    }

    @Override
    public FeatureGates featureGates() {
      if (!kubevirts.fresh()) {
        mayGoLive(Lookup.FEATURE_GATES);
      }
      List<JsonNode> listed =
          kubevirts.fresh()
              ? kubevirts.all()
              : live.list(
                  ApiResource.KUBEVIRT.collectionPath(null),
                  Lookup.FEATURE_GATES,
                  "KubeVirt CR",
                  deadline);
      return KubeVirtChoice.gates(listed);
    }

    // Only from fresh caches, through their index: a live list of every migration of the cluster
    // is not worth it (the one rule that asks only warns).
    @Override
    public List<JsonNode> unfinishedMigrations() {
      if (!migrations.fresh()) {
        throw new ClusterUnavailableException(
            Lookup.MIGRATION_QUEUE, "the migrations cache is not synced");
      }
      return migrations.byIndex(MigrationIndexes.UNFINISHED, MigrationIndexes.UNFINISHED);
    }

    @Override
    public JsonNode migrationConfiguration() {
      if (!kubevirts.fresh()) {
        throw new ClusterUnavailableException(
            Lookup.MIGRATION_QUEUE, "the KubeVirt cache is not synced");
      }
      return KubeVirtChoice.migrations(kubevirts.all());
    }
  }

  private static String name(JsonNode o) {
    return o.path("metadata").path("name").asText("");
  }
}
