package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * One informer (list + watch, every namespace) over one {@link ApiResource}, holding a {@link
 * Projection} of each object ({@link ProjectingStore}), listed in pages of {@value #PAGE}.
 *
 * <p>It answers only while it is <em>fresh</em>: synced at least once and its watch connected right
 * now ({@link SharedIndexInformer#isWatching()} is false from the moment the watch connection ends
 * until a new one is established). A cache that is not fresh may hold stale or partial data, so its
 * owner asks the API server instead (see {@link InformerClusterView}).
 */
final class InformerCache implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(InformerCache.class);

  /**
   * Objects per list page ({@code limit}): a page of 3.3 KB migrations is decoded whole, so this
   * bounds the transient heap of a (re)list at a few MB whatever the cluster holds.
   */
  static final long PAGE = 500;

  private final ApiResource resource;
  private final ProjectingStore store;
  private final SharedIndexInformer<GenericKubernetesResource> informer;
  private final AtomicReference<Throwable> lastFailure = new AtomicReference<>();

  InformerCache(KubernetesClient client, ApiResource resource, ProjectingStore.Listener indexes) {
    this.resource = resource;
    this.store = new ProjectingStore(Projectors.of(resource), indexes);
    this.informer =
        client
            .genericKubernetesResources(resource.context())
            .inAnyNamespace()
            .withLimit(PAGE)
            .runnableInformer(0);
    informer.itemStore(store);
    // The store keeps its own indexes over projections; fabric8's index by namespace would hold a
    // second set of every key for nothing.
    informer.removeIndexer(Cache.NAMESPACE_INDEX);
    // The default handler gives up when the first list fails (API server not up yet, CRD not
    // installed yet): retry forever with the informer's back-off, and remember why for readiness.
    informer.exceptionHandler(
        (started, t) -> {
          lastFailure.set(t);
          LOG.debugf("%s informer: %s (will retry)", resource.plural(), t.toString());
          return true;
        });
  }

  /** Starts listing and watching in the background; never blocks on the API server. */
  void start() {
    informer.start();
  }

  ApiResource resource() {
    return resource;
  }

  /** Listed at least once: it holds what the API server had then, perhaps no longer current. */
  boolean synced() {
    return informer.hasSynced();
  }

  /** Synced once and watching now: its contents are as current as a watch can make them. */
  boolean fresh() {
    return informer.hasSynced() && informer.isWatching();
  }

  /**
   * True when the API server said 404 to the list: the resource type is not installed (the informer
   * keeps trying, and syncs as soon as it appears). Such a cache holds nothing.
   */
  boolean notServed() {
    return !informer.hasSynced()
        && lastFailure.get() instanceof KubernetesClientException e
        && e.getCode() == 404;
  }

  /** What readiness reports for this cache. */
  CacheState state() {
    Throwable failure = lastFailure.get();
    return new CacheState(
        resource.plural(),
        informer.hasSynced(),
        informer.isWatching(),
        notServed(),
        store.size(),
        failure == null ? null : failure.getMessage());
  }

  /**
   * Runs {@code change} (on the informer's thread) after every add, update or delete, and for the
   * objects already held when called on a running informer.
   */
  void onChange(Runnable change) {
    informer.addEventHandler(
        new ResourceEventHandler<GenericKubernetesResource>() {
          @Override
          public void onAdd(GenericKubernetesResource obj) {
            change.run();
          }

          @Override
          public void onUpdate(GenericKubernetesResource before, GenericKubernetesResource now) {
            change.run();
          }

          @Override
          public void onDelete(GenericKubernetesResource obj, boolean unknownFinalState) {
            change.run();
          }
        });
  }

  /** Every projection tree (one snapshot). Only meaningful when {@link #fresh()}. */
  List<JsonNode> all() {
    return store.trees();
  }

  /** Every Node's facts (a Node cache; one snapshot). Only meaningful when {@link #fresh()}. */
  List<io.migrationguard.core.placement.NodeFacts> nodes() {
    return store.nodes();
  }

  /** The projection trees stored under {@code keys}. */
  List<JsonNode> trees(Iterable<String> keys) {
    return store.trees(keys);
  }

  /** The keys of every stored object. */
  Stream<String> keys() {
    return store.keySet();
  }

  /** The projection stored under {@code key}, or null. */
  Projection projection(String key) {
    return store.projection(key);
  }

  @Override
  public void close() {
    informer.close();
  }
}
