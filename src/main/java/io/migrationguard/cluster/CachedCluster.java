package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.PolicyIndex;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The service's informer caches (MigrationPolicies, VMIMs, KubeVirt CRs, and Nodes as the placement
 * engine reads them), the migrations' indexes, and what reviews read that is worked out from a
 * cache once per change of it rather than once per review: the policies' {@link PolicyIndex} and
 * the feature gates in force.
 */
final class CachedCluster implements AutoCloseable {
  private static final ProjectingStore.Listener NO_INDEXES = (key, before, after) -> {};

  private final MigrationIndexes indexes = new MigrationIndexes();
  private final InformerCache policies;
  private final InformerCache migrations;
  private final InformerCache kubevirts;
  private final InformerCache nodes;
  private final PerChange<PolicyIndex> policyIndex;
  private final PerChange<FeatureGates> gates;

  CachedCluster(KubernetesClient client) {
    this.policies = new InformerCache(client, ApiResource.POLICY, NO_INDEXES);
    this.migrations = new InformerCache(client, ApiResource.VMIM, indexes);
    this.kubevirts = new InformerCache(client, ApiResource.KUBEVIRT, NO_INDEXES);
    this.nodes = new InformerCache(client, ApiResource.NODE, NO_INDEXES);
    this.policyIndex =
        new PerChange<>(
            policies,
            trees -> {
              PolicyIndex index = new PolicyIndex();
              trees.forEach(index::add);
              return index;
            });
    this.gates = new PerChange<>(kubevirts, KubeVirtChoice::gates);
  }

  /** Starts listing and watching in the background (this does not block). */
  void start() {
    policies.start();
    migrations.start();
    kubevirts.start();
    nodes.start();
  }

  InformerCache policies() {
    return policies;
  }

  InformerCache migrations() {
    return migrations;
  }

  InformerCache kubevirts() {
    return kubevirts;
  }

  /** The Nodes, as {@code NodeFacts} (vmim-target-node). */
  InformerCache nodes() {
    return nodes;
  }

  MigrationIndexes indexes() {
    return indexes;
  }

  /**
   * The index of the cached policies, rebuilt on the first read after a change (policies change
   * rarely; a policy review with 1,000 cached policies then compares a handful, not all of them).
   */
  PolicyIndex policyIndex() {
    return policyIndex.get();
  }

  /** The gates of the cached KubeVirt CR in force (every review asks for them). */
  FeatureGates gates() {
    return gates.get();
  }

  /** The cached migration {@code key} as the rules read it, finished ones as name and phase. */
  Optional<JsonNode> cached(String key) {
    Projection p = migrations.projection(key);
    if (p == null) {
      return Optional.empty();
    }
    return Optional.of(p.tree() != null ? p.tree() : Projectors.finishedTree(key, p));
  }

  @Override
  public void close() {
    policies.close();
    migrations.close();
    kubevirts.close();
    nodes.close();
  }

  /**
   * A value worked out from a cache's trees, kept until the cache changes: the cache hands out the
   * same snapshot list until then, so the list's identity says whether the value is current.
   */
  private static final class PerChange<T> {
    private record Known<T>(List<JsonNode> trees, T value) {}

    private final InformerCache cache;
    private final Function<List<JsonNode>, T> make;
    private final AtomicReference<Known<T>> known = new AtomicReference<>(new Known<>(null, null));

    PerChange(InformerCache cache, Function<List<JsonNode>, T> make) {
      this.cache = cache;
      this.make = make;
    }

    T get() {
      List<JsonNode> trees = cache.all();
      Known<T> k = known.get();
      if (k.trees() == trees) {
        return k.value();
      }
      T value = make.apply(trees);
      known.set(new Known<>(trees, value));
      return value;
    }
  }
}
