package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.migrationguard.core.placement.NodeFacts;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Nodes cache keeps {@link NodeFacts} with interned strings: 500 Nodes of a KubeVirt cluster
 * (about 170 labels each, most of them the node labeller's, the same on every node) cost about 2 MB
 * (measured: 2,036 KB), not the 11 MB their decoded labels alone take. Heap is measured after a GC;
 * the bound is generous (the figure is printed, and docs/placement.md quotes it).
 */
class NodeCacheHeapTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int NODES = 500;

  static GenericKubernetesResource node(int k) {
    Map<String, Object> labels = new LinkedHashMap<>();
    labels.put("kubernetes.io/hostname", "node-" + k);
    labels.put("kubernetes.io/arch", "amd64");
    labels.put("kubevirt.io/schedulable", "true");
    labels.put("topology.kubernetes.io/zone", "zone-" + (k % 3));
    labels.put("host-model-cpu.node.kubevirt.io/Cascadelake-Server", "true");
    for (int f = 0; f < 120; f++) {
      labels.put("cpu-feature.node.kubevirt.io/feature-" + f, "true");
    }
    for (int f = 0; f < 30; f++) {
      labels.put("host-model-required-features.node.kubevirt.io/feature-" + f, "true");
    }
    for (int m = 0; m < 15; m++) {
      labels.put("cpu-model-migration.node.kubevirt.io/Model-" + m, "true");
    }
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("apiVersion", "v1");
    o.put("kind", "Node");
    o.put(
        "metadata",
        Map.of(
            "name", "node-" + k, "resourceVersion", Integer.toString(1000 + k), "labels", labels));
    o.put(
        "spec",
        k % 50 == 49
            ? Map.of(
                "unschedulable",
                true,
                "taints",
                List.of(Map.of("key", "node.kubernetes.io/unschedulable", "effect", "NoSchedule")))
            : Map.of("podCIDR", "10.244." + (k % 256) + ".0/24"));
    return JSON.convertValue(o, GenericKubernetesResource.class);
  }

  private static long used() {
    var memory = ManagementFactory.getMemoryMXBean();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return memory.getHeapMemoryUsage().getUsed();
  }

  @Test
  void fiveHundredNodesCostAFewMegabytesNotTens() {
    ProjectingStore store =
        new ProjectingStore(Projectors.of(ApiResource.NODE), (key, before, after) -> {});
    long before = used();
    for (int k = 0; k < NODES; k++) {
      GenericKubernetesResource n = node(k);
      store.put(store.getKey(n), n); // the decoded object is dropped, as the informer drops it
    }
    List<NodeFacts> nodes = store.nodes();
    long projected = used() - before;
    assertEquals(NODES, nodes.size());
    assertEquals(170, nodes.get(0).labels().size());
    assertTrue(
        nodes.stream()
            .filter(n -> n.name().equals("node-49"))
            .findFirst()
            .orElseThrow()
            .unschedulable());

    List<GenericKubernetesResource> whole = new ArrayList<>();
    long before2 = used();
    for (int k = 0; k < NODES; k++) {
      whole.add(node(k));
    }
    long decoded = used() - before2;
    System.out.printf(
        "500 Nodes: %d KB as NodeFacts (interned), %d KB as decoded objects (labels only)%n",
        projected / 1024, decoded / 1024);
    assertEquals(NODES, whole.size());
    assertTrue(projected < 4L * 1024 * 1024, "500 Nodes cached in " + projected / 1024 + " KB");
  }
}
