package io.migrationguard.core.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link ClusterView} over objects held in memory: for tests, and the base of the lint's view of
 * its input set. Not a cache of anything; what you add is what it answers.
 */
public class InMemoryClusterView implements ClusterView {
  private static final Set<String> FINISHED = Set.of("Succeeded", "Failed");
  private final Set<Lookup> supports;
  private final List<JsonNode> vmis = new CopyOnWriteArrayList<>();
  private final List<JsonNode> migrations = new CopyOnWriteArrayList<>();
  private final List<JsonNode> policies = new CopyOnWriteArrayList<>();
  private final List<io.migrationguard.core.placement.NodeFacts> nodes =
      new CopyOnWriteArrayList<>();
  private final List<JsonNode> pods = new CopyOnWriteArrayList<>();
  private volatile JsonNode kubevirt =
      com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  private volatile FeatureGates gates = FeatureGates.defaults();
  private volatile JsonNode migrationConfiguration =
      com.fasterxml.jackson.databind.node.MissingNode.getInstance();

  /** A view that answers every lookup. */
  public InMemoryClusterView() {
    this(EnumSet.allOf(Lookup.class));
  }

  /** A view that answers only {@code supports}. */
  public InMemoryClusterView(Set<Lookup> supports) {
    this.supports = supports.isEmpty() ? EnumSet.noneOf(Lookup.class) : EnumSet.copyOf(supports);
  }

  public InMemoryClusterView addVmi(JsonNode vmi) {
    vmis.add(vmi);
    return this;
  }

  public InMemoryClusterView addMigration(JsonNode vmim) {
    migrations.add(vmim);
    return this;
  }

  public InMemoryClusterView addPolicy(JsonNode policy) {
    policies.add(policy);
    return this;
  }

  public InMemoryClusterView addNode(JsonNode node) {
    nodes.add(io.migrationguard.core.placement.NodeFacts.of(node));
    return this;
  }

  public InMemoryClusterView addPod(JsonNode pod) {
    pods.add(pod);
    return this;
  }

  /** The KubeVirt CR in force. */
  public InMemoryClusterView kubevirt(JsonNode kubevirt) {
    this.kubevirt = kubevirt;
    return this;
  }

  @Override
  public List<io.migrationguard.core.placement.NodeFacts> nodes() {
    return List.copyOf(nodes);
  }

  @Override
  public Optional<JsonNode> launcherPod(String namespace, String vmiUid, String nodeName) {
    return LauncherPods.pick(
        pods.stream()
            .filter(
                p ->
                    namespace.equals(ns(p))
                        && vmiUid.equals(
                            p.path("metadata")
                                .path("labels")
                                .path(LauncherPods.CREATED_BY)
                                .asText()))
            .toList(),
        nodeName);
  }

  @Override
  public JsonNode kubevirt() {
    return kubevirt;
  }

  public InMemoryClusterView featureGates(FeatureGates gates) {
    this.gates = gates;
    return this;
  }

  /** The KubeVirt CR's {@code spec.configuration.migrations}. */
  public InMemoryClusterView migrationConfiguration(JsonNode configuration) {
    this.migrationConfiguration = configuration;
    return this;
  }

  @Override
  public List<JsonNode> unfinishedMigrations() {
    return migrations.stream()
        .filter(m -> !FINISHED.contains(m.path("status").path("phase").asText()))
        .toList();
  }

  @Override
  public JsonNode migrationConfiguration() {
    return migrationConfiguration;
  }

  @Override
  public Set<Lookup> supports() {
    return supports;
  }

  @Override
  public Optional<JsonNode> vmi(String namespace, String name) {
    return vmis.stream()
        .filter(
            v -> namespace.equals(ns(v)) && name.equals(v.path("metadata").path("name").asText()))
        .findFirst();
  }

  @Override
  public List<JsonNode> migrations(String namespace) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode m : migrations) {
      if (namespace.equals(ns(m))) {
        out.add(m);
      }
    }
    return out;
  }

  @Override
  public List<JsonNode> migrationPolicies() {
    return List.copyOf(policies);
  }

  @Override
  public FeatureGates featureGates() {
    return gates;
  }

  private static String ns(JsonNode obj) {
    return obj.path("metadata").path("namespace").asText("");
  }
}
