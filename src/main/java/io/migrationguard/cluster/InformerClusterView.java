package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link ClusterView} of the service: informer caches for MigrationPolicies, VMIMs, the
 * KubeVirt CR and Nodes (their NodeFacts only), a bounded live GET for VMIs and a bounded live list
 * for a VMI's launcher pod, and the {@link InflightRegistry} laid over both.
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
  private final CachedCluster caches;
  private final LiveLookups live;
  private final InflightRegistry inflight;
  private final Duration lookupTimeout;

  private InformerClusterView(
      KubernetesClient client, ObjectMapper mapper, InflightRegistry inflight, Duration timeout) {
    this.caches = new CachedCluster(client);
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
    return caches.kubevirts().synced()
        ? new KubeVirtSeen(true, KubeVirtChoice.pick(caches.kubevirts().all()))
        : KubeVirtSeen.UNKNOWN;
  }

  /** Runs {@code change} on the informer's thread whenever a KubeVirt CR changes. */
  public void onKubeVirtChange(Runnable change) {
    caches.kubevirts().onChange(change);
  }

  /** Creates the view and starts its informers in the background (this does not block). */
  public static InformerClusterView start(
      KubernetesClient client, ObjectMapper mapper, InflightRegistry inflight, Duration timeout) {
    InformerClusterView view = new InformerClusterView(client, mapper, inflight, timeout);
    view.caches.start();
    return view;
  }

  /** A view whose lookups together take at most what is left of {@code deadline}. */
  public ClusterView within(Deadline deadline) {
    return new ReviewLookups(caches, live, inflight, deadline, false);
  }

  /**
   * The caches alone, for a review judged on the event loop: a lookup a cache cannot answer (it
   * went stale since {@link #answersFromCaches} said yes) is unavailable (503), never a live
   * request that would block the event loop.
   */
  public ClusterView cachesOnly() {
    return new ReviewLookups(caches, live, inflight, Deadline.after(lookupTimeout), true);
  }

  /**
   * Whether the caches can answer every lookup of {@code review} now: policy reviews read the
   * policies and the KubeVirt CR; migration updates read nothing; a migration create looks its VMI
   * up live.
   */
  public boolean answersFromCaches(Review review) {
    if (review.kind() == Kind.POLICY) {
      return caches.policies().fresh() && caches.kubevirts().fresh();
    }
    // A migration create looks its VMI up live; an update reads nothing.
    return review.operation() != Operation.CREATE;
  }

  /** The state of each cache, for readiness. */
  public List<CacheState> states() {
    return List.of(
        caches.policies().state(),
        caches.migrations().state(),
        caches.kubevirts().state(),
        caches.nodes().state());
  }

  /**
   * Whether the caches that hold what this process admits (policies, migrations, the CR) are each
   * synced and watching, or their kind is not served: whether an admitted write shows up in them
   * soon (the Nodes cache says nothing of that). Asked on every policy review ({@link
   * ClusterRuntime#cachesFresh}): no states are built.
   */
  boolean admittedFresh() {
    return freshOrNotServed(caches.policies())
        && freshOrNotServed(caches.migrations())
        && freshOrNotServed(caches.kubevirts());
  }

  private static boolean freshOrNotServed(InformerCache cache) {
    return cache.fresh() || cache.notServed();
  }

  @Override
  public Set<Lookup> supports() {
    return ReviewLookups.ALL;
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
  public List<io.migrationguard.core.placement.NodeFacts> nodes() {
    return within(Deadline.after(lookupTimeout)).nodes();
  }

  @Override
  public Optional<JsonNode> launcherPod(String namespace, String vmiUid, String nodeName) {
    return within(Deadline.after(lookupTimeout)).launcherPod(namespace, vmiUid, nodeName);
  }

  @Override
  public JsonNode kubevirt() {
    return within(Deadline.after(lookupTimeout)).kubevirt();
  }

  @Override
  public void close() {
    caches.close();
  }
}
