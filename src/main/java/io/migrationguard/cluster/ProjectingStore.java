package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import io.migrationguard.core.placement.NodeFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * An informer's item store that keeps a {@link Projection} of each object, never the object: the
 * informer hands every listed page and watch event to {@link #put}, which projects it on the
 * informer's thread and lets the object go. What the informer itself reads back ({@link #get},
 * {@link #values}: the key and the resource version, on updates and relists) is rebuilt as a stub
 * holding only those. A relist (after a 410) replaces projections page by page and never holds two
 * copies of the cache.
 *
 * <p>Writes come from the informer's one thread (fabric8's cache serialises them); reviews read
 * concurrently. {@link #trees} is a snapshot rebuilt at most once per change, so a review reading
 * every policy does not copy the map each time.
 */
final class ProjectingStore implements ItemStore<GenericKubernetesResource> {
  /** Told of every change, under the informer's write order (indexes over the projections). */
  interface Listener {
    void changed(String key, Projection before, Projection after);
  }

  private final Map<String, Projection> items = new ConcurrentHashMap<>();
  private final Function<GenericKubernetesResource, Projection> projector;
  private final Listener listener;
  private final AtomicLong version = new AtomicLong();
  private final AtomicReference<Snapshot> snapshot = new AtomicReference<>(new Snapshot(-1, null));

  private final AtomicReference<NodeSnapshot> nodeSnapshot =
      new AtomicReference<>(new NodeSnapshot(-1, null));

  private record Snapshot(long version, List<JsonNode> trees) {}

  private record NodeSnapshot(long version, List<NodeFacts> nodes) {}

  ProjectingStore(Function<GenericKubernetesResource, Projection> projector, Listener listener) {
    this.projector = projector;
    this.listener = listener;
  }

  /** The projection stored under {@code key} ({@code namespace/name}, or {@code name}), or null. */
  Projection projection(String key) {
    return items.get(key);
  }

  /** Every stored projection tree (finished migrations have none), as one immutable snapshot. */
  List<JsonNode> trees() {
    long v = version.get();
    Snapshot s = snapshot.get();
    if (s.version() == v) {
      return s.trees();
    }
    // Taken after reading the version: a change meanwhile bumps it, so this snapshot is never
    // served as newer than it is.
    List<JsonNode> trees =
        items.values().stream().map(Projection::tree).filter(t -> t != null).toList();
    snapshot.set(new Snapshot(v, trees));
    return trees;
  }

  /**
   * Every stored Node's facts (a Node cache), by name, as one immutable snapshot rebuilt at most
   * once per change: reviews judge against the same list until a Node changes.
   */
  List<NodeFacts> nodes() {
    long v = version.get();
    NodeSnapshot s = nodeSnapshot.get();
    if (s.version() == v) {
      return s.nodes();
    }
    // By name: the map's order is arbitrary, and a warning names nodes in list order.
    List<NodeFacts> nodes =
        items.values().stream()
            .map(Projection::node)
            .filter(n -> n != null)
            .sorted(java.util.Comparator.comparing(NodeFacts::name))
            .toList();
    nodeSnapshot.set(new NodeSnapshot(v, nodes));
    return nodes;
  }

  /** The trees stored under {@code keys}, skipping keys removed meanwhile. */
  List<JsonNode> trees(Iterable<String> keys) {
    List<JsonNode> out = new ArrayList<>();
    for (String k : keys) {
      Projection p = items.get(k);
      if (p != null && p.tree() != null) {
        out.add(p.tree());
      }
    }
    return out;
  }

  @Override
  public String getKey(GenericKubernetesResource obj) {
    return Cache.metaNamespaceKeyFunc(obj);
  }

  @Override
  public GenericKubernetesResource put(String key, GenericKubernetesResource obj) {
    Projection now = projector.apply(obj);
    Projection before = items.put(key, now);
    version.incrementAndGet();
    listener.changed(key, before, now);
    return stub(key, before);
  }

  @Override
  public GenericKubernetesResource remove(String key) {
    Projection before = items.remove(key);
    if (before != null) {
      version.incrementAndGet();
      listener.changed(key, before, null);
    }
    return stub(key, before);
  }

  @Override
  public Stream<String> keySet() {
    return items.keySet().stream();
  }

  @Override
  public Stream<GenericKubernetesResource> values() {
    return items.entrySet().stream().map(e -> stub(e.getKey(), e.getValue()));
  }

  /**
   * Add events are not held back until a multi-page list completes (fabric8 keeps every listed key
   * for that, one more copy of the cache's keys during a relist): no handler here needs a complete
   * listing first, and readiness waits for the list to finish anyway.
   */
  @Override
  public boolean isFullState() {
    return false;
  }

  @Override
  public int size() {
    return items.size();
  }

  @Override
  public GenericKubernetesResource get(String key) {
    return stub(key, items.get(key));
  }

  /**
   * What the informer reads of a stored object: its key's parts and its resource version. The
   * informer lists every stored object at the end of each (re)list to drop those that went away; a
   * stub builds its metadata only when asked, so that list of 50,000 costs 50,000 small objects,
   * not 50,000 {@code ObjectMeta}s with their empty collections (30 MB measured).
   */
  private static GenericKubernetesResource stub(String key, Projection p) {
    return p == null ? null : new Stub(key, p.resourceVersion());
  }

  private static final class Stub extends GenericKubernetesResource {
    private final String key;
    private final String resourceVersion;

    Stub(String key, String resourceVersion) {
      this.key = key;
      this.resourceVersion = resourceVersion;
    }

    @Override
    public ObjectMeta getMetadata() {
      int slash = key.indexOf('/');
      return new ObjectMetaBuilder()
          .withNamespace(slash < 0 ? null : key.substring(0, slash))
          .withName(slash < 0 ? key : key.substring(slash + 1))
          .withResourceVersion(resourceVersion)
          .build();
    }
  }
}
