package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.migrationguard.core.Kind;
import io.migrationguard.core.Operation;
import io.migrationguard.core.Review;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.cluster.PolicyIndex;
import io.migrationguard.core.cluster.StoredProjection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

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
  private static final ProjectingStore.Listener NO_INDEXES = (key, before, after) -> {};

  private final MigrationIndexes migrationIndexes = new MigrationIndexes();
  private final AtomicReference<IndexedPolicies> indexed =
      new AtomicReference<>(new IndexedPolicies(null, null));
  private final AtomicReference<CachedGates> cachedGates =
      new AtomicReference<>(new CachedGates(null, null));
  private final InformerCache policies;
  private final InformerCache migrations;
  private final InformerCache kubevirts;
  private final LiveLookups live;
  private final InflightRegistry inflight;
  private final Duration lookupTimeout;

  private InformerClusterView(
      KubernetesClient client, ObjectMapper mapper, InflightRegistry inflight, Duration timeout) {
    this.policies = new InformerCache(client, ApiResource.POLICY, NO_INDEXES);
    this.migrations = new InformerCache(client, ApiResource.VMIM, migrationIndexes);
    this.kubevirts = new InformerCache(client, ApiResource.KUBEVIRT, NO_INDEXES);
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
  public List<JsonNode> policiesComparableWith(JsonNode policy) {
    return within(Deadline.after(lookupTimeout)).policiesComparableWith(policy);
  }

  @Override
  public Optional<JsonNode> migration(String namespace, String name) {
    return within(Deadline.after(lookupTimeout)).migration(namespace, name);
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
        return inflight.migrations(
            namespace,
            live.list(
                ApiResource.VMIM.collectionPath(namespace),
                null,
                Lookup.MIGRATIONS,
                "namespace " + namespace,
                deadline,
                InformerClusterView::projectMigration));
      }
      // Not on any review's path (the rules ask by VMI, by name or for the unfinished ones): a
      // scan of the cache's keys, finished migrations as their name and phase.
      String prefix = namespace + "/";
      List<JsonNode> listed = new ArrayList<>();
      migrations
          .keys()
          .filter(k -> k.startsWith(prefix))
          .forEach(k -> cached(k).ifPresent(listed::add));
      return inflight.migrations(namespace, listed);
    }

    @Override
    public Optional<JsonNode> migration(String namespace, String name) {
      if (!Names.isNamespace(namespace) || !Names.isObjectName(name)) {
        return Optional.empty(); // no such object can exist
      }
      Optional<JsonNode> stored;
      if (migrations.fresh()) {
        stored = cached(namespace + "/" + name);
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
                    InformerClusterView::projectMigration)
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
      if (!migrations.fresh()) {
        return liveMigrationsOf(namespace, vmiName);
      }
      // Only unfinished migrations are indexed: no rule counts a finished one.
      List<JsonNode> indexed = migrations.trees(migrationIndexes.targeting(namespace, vmiName));
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
                InformerClusterView::projectMigration);
      }
      return inflight.migrations(namespace, listed).stream()
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
      if (!policies.fresh()) {
        return migrationPolicies();
      }
      return inflight.policies(policyIndex().candidates(policy));
    }

    @Override
    public FeatureGates featureGates() {
      if (!kubevirts.fresh()) {
        mayGoLive(Lookup.FEATURE_GATES);
      }
      if (kubevirts.fresh()) {
        return gates();
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
    @Override
    public List<JsonNode> unfinishedMigrations() {
      if (!migrations.fresh()) {
        throw new ClusterUnavailableException(
            Lookup.MIGRATION_QUEUE, "the migrations cache is not synced");
      }
      return migrations.trees(migrationIndexes.unfinished());
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

  /**
   * The index of the cached policies, rebuilt on the first read after a change (policies change
   * rarely; a policy review with 1,000 cached policies then compares a handful, not all of them).
   */
  private PolicyIndex policyIndex() {
    List<JsonNode> trees = policies.all(); // the same list until the cache changes
    IndexedPolicies known = indexed.get();
    if (known.trees() == trees) {
      return known.index();
    }
    PolicyIndex index = new PolicyIndex();
    trees.forEach(index::add);
    indexed.set(new IndexedPolicies(trees, index));
    return index;
  }

  private record IndexedPolicies(List<JsonNode> trees, PolicyIndex index) {}

  /**
   * The gates of the cached KubeVirt CR in force, worked out once per change of the cache, not per
   * review (every review asks for them).
   */
  private FeatureGates gates() {
    List<JsonNode> trees = kubevirts.all(); // the same list until the cache changes
    CachedGates known = cachedGates.get();
    if (known.trees() == trees) {
      return known.gates();
    }
    FeatureGates gates = KubeVirtChoice.gates(trees);
    cachedGates.set(new CachedGates(trees, gates));
    return gates;
  }

  private record CachedGates(List<JsonNode> trees, FeatureGates gates) {}

  /** The cached migration {@code key} as the rules read it, finished ones as name and phase. */
  private Optional<JsonNode> cached(String key) {
    Projection p = migrations.projection(key);
    if (p == null) {
      return Optional.empty();
    }
    return Optional.of(p.tree() != null ? p.tree() : Projectors.finishedTree(key, p));
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
