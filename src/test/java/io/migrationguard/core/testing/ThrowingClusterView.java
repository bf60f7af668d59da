package io.migrationguard.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.Lookup;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** A cluster that claims every lookup and answers none: the API server is unreachable. */
public final class ThrowingClusterView implements ClusterView {
  @Override
  public Set<Lookup> supports() {
    return EnumSet.allOf(Lookup.class);
  }

  @Override
  public Optional<JsonNode> vmi(String namespace, String name) {
    throw new ClusterUnavailableException(Lookup.VMI, "connection refused");
  }

  @Override
  public List<JsonNode> migrations(String namespace) {
    throw new ClusterUnavailableException(Lookup.MIGRATIONS, "connection refused");
  }

  @Override
  public List<JsonNode> migrationPolicies() {
    throw new ClusterUnavailableException(Lookup.POLICIES, "connection refused");
  }

  @Override
  public FeatureGates featureGates() {
    throw new ClusterUnavailableException(Lookup.FEATURE_GATES, "connection refused");
  }

  @Override
  public List<io.migrationguard.core.placement.NodeFacts> nodes() {
    throw new ClusterUnavailableException(Lookup.NODES, "connection refused");
  }

  @Override
  public Optional<JsonNode> launcherPod(String namespace, String vmiUid, String nodeName) {
    throw new ClusterUnavailableException(Lookup.NODES, "connection refused");
  }

  @Override
  public JsonNode kubevirt() {
    throw new ClusterUnavailableException(Lookup.NODES, "connection refused");
  }
}
