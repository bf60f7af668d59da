package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.placement.NodeFacts;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The view of a review that could not get its turn in time ({@link ReviewGate}): the contended
 * lookup is unavailable (its rules answer 503), every other lookup and every stateless rule runs as
 * usual.
 */
final class ContendedClusterView implements ClusterView {
  private final ClusterView delegate;
  private final Lookup contended;
  private final String reason;

  ContendedClusterView(ClusterView delegate, Lookup contended, String reason) {
    this.delegate = delegate;
    this.contended = contended;
    this.reason = reason;
  }

  @Override
  public Set<Lookup> supports() {
    return delegate.supports();
  }

  @Override
  public Optional<JsonNode> vmi(String namespace, String name) {
    check(Lookup.VMI);
    return delegate.vmi(namespace, name);
  }

  @Override
  public List<JsonNode> migrations(String namespace) {
    check(Lookup.MIGRATIONS);
    return delegate.migrations(namespace);
  }

  @Override
  public List<JsonNode> policiesComparableWith(JsonNode policy) {
    check(Lookup.POLICIES);
    return delegate.policiesComparableWith(policy);
  }

  @Override
  public Optional<JsonNode> migration(String namespace, String name) {
    check(Lookup.MIGRATIONS);
    return delegate.migration(namespace, name);
  }

  @Override
  public List<JsonNode> migrationsOf(String namespace, String vmiName) {
    check(Lookup.MIGRATIONS);
    return delegate.migrationsOf(namespace, vmiName);
  }

  @Override
  public List<JsonNode> migrationPolicies() {
    check(Lookup.POLICIES);
    return delegate.migrationPolicies();
  }

  @Override
  public FeatureGates featureGates() {
    check(Lookup.FEATURE_GATES);
    return delegate.featureGates();
  }

  @Override
  public List<JsonNode> unfinishedMigrations() {
    check(Lookup.MIGRATION_QUEUE);
    return delegate.unfinishedMigrations();
  }

  @Override
  public JsonNode migrationConfiguration() {
    check(Lookup.MIGRATION_QUEUE);
    return delegate.migrationConfiguration();
  }

  @Override
  public List<NodeFacts> nodes() {
    check(Lookup.NODES);
    return delegate.nodes();
  }

  @Override
  public Optional<JsonNode> launcherPod(String namespace, String vmiUid, String nodeName) {
    check(Lookup.NODES);
    return delegate.launcherPod(namespace, vmiUid, nodeName);
  }

  @Override
  public JsonNode kubevirt() {
    check(Lookup.NODES);
    return delegate.kubevirt();
  }

  private void check(Lookup lookup) {
    if (lookup == contended) {
      throw new ClusterUnavailableException(lookup, reason);
    }
  }
}
