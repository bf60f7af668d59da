package io.migrationguard.core.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@link ClusterView#none()}: no cluster, the default feature gates. Immutable and shared, because
 * the service asks for it once per review when cluster lookups are off.
 */
final class NoClusterView implements ClusterView {
  static final NoClusterView INSTANCE = new NoClusterView();

  private static final Set<Lookup> SUPPORTS =
      Collections.unmodifiableSet(EnumSet.of(Lookup.FEATURE_GATES));
  private static final FeatureGates GATES = FeatureGates.defaults();

  private NoClusterView() {}

  @Override
  public Set<Lookup> supports() {
    return SUPPORTS;
  }

  @Override
  public List<JsonNode> migrations(String namespace) {
    return List.of();
  }

  @Override
  public List<JsonNode> migrationPolicies() {
    return List.of();
  }

  @Override
  public FeatureGates featureGates() {
    return GATES;
  }
}
