package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.migrationguard.core.cluster.ClusterUnavailableException;
import io.migrationguard.core.cluster.InMemoryClusterView;
import io.migrationguard.core.cluster.Lookup;
import org.junit.jupiter.api.Test;

/**
 * A review that waited too long for its turn loses only the contended lookup: the target-node
 * lookups still reach the view underneath (a wrapper that forgot them would answer "no Nodes" and
 * silence vmim-target-node).
 */
class ContendedClusterViewTest {
  @Test
  void theNodeLookupsPassThroughUnlessContended() {
    InMemoryClusterView under = new InMemoryClusterView();
    under.addNode(
        Fixtures.JSON
            .createObjectNode()
            .set("metadata", Fixtures.JSON.createObjectNode().put("name", "n1")));
    under.kubevirt(Fixtures.kubevirt("kubevirt", "kubevirt"));
    ContendedClusterView busy = new ContendedClusterView(under, Lookup.MIGRATIONS, "busy");
    assertEquals(1, busy.nodes().size());
    assertEquals("kubevirt", busy.kubevirt().path("metadata").path("name").asText());
    assertEquals(under.launcherPod("ns", "uid", "n1"), busy.launcherPod("ns", "uid", "n1"));
    assertThrows(ClusterUnavailableException.class, () -> busy.migrations("ns"));
    ContendedClusterView nodesBusy = new ContendedClusterView(under, Lookup.NODES, "busy");
    assertThrows(ClusterUnavailableException.class, nodesBusy::nodes);
  }
}
