package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The service may read what its cluster-aware rules look at, and write Leases in its own namespace
 * (reservations across replicas), nothing else. That every granted verb is used and every request
 * granted is RbacRequestsIT's.
 */
class RbacTest {
  private static final Set<String> READ = Set.of("get", "list", "watch");

  @Test
  void readOnlyAccessToExactlyTheKubeVirtResourcesTheRulesRead() {
    Set<String> granted = new TreeSet<>();
    for (JsonNode rule : Manifests.base().one("ClusterRole").path("rules")) {
      assertTrue(rule.path("nonResourceURLs").isMissingNode(), "no non-resource URLs");
      assertTrue(rule.path("resourceNames").isMissingNode(), "no name restriction needed");
      Set<String> verbs = new TreeSet<>();
      rule.path("verbs").forEach(v -> verbs.add(v.asText()));
      assertTrue(READ.containsAll(verbs), "read-only: " + rule);
      for (JsonNode group : rule.path("apiGroups")) {
        for (JsonNode resource : rule.path("resources")) {
          granted.add(group.asText() + "/" + resource.asText() + " " + verbs);
        }
      }
    }
    assertEquals(
        new TreeSet<>(
            Set.of(
                // One GET per reviewed migration: VMI specs carry cloud-init user data, so they
                // are never listed nor watched. The others: informers and live lists, never a
                // GET by name (RbacRequestsIT).
                "kubevirt.io/virtualmachineinstances [get]",
                "kubevirt.io/virtualmachineinstancemigrations [list, watch]",
                "kubevirt.io/kubevirts [list, watch]",
                "migrations.kubevirt.io/migrationpolicies [list, watch]",
                // vmim-target-node: the Nodes' informer, and one list by label of a VMI's
                // launcher pods per reviewed migration (never a GET, never a watch).
                "/nodes [list, watch]",
                "/pods [list]")),
        granted,
        "no wildcard, no Secrets, no other resource");
  }

  @Test
  void leasesInItsOwnNamespaceOnly() {
    // A Role (never a ClusterRole): kustomize puts it in the base's namespace.
    JsonNode role = Manifests.base().one("Role");
    assertEquals("migration-guard", Manifests.base().namespace());
    JsonNode rules = role.path("rules");
    assertEquals(1, rules.size());
    assertEquals("[\"coordination.k8s.io\"]", rules.get(0).path("apiGroups").toString());
    assertEquals("[\"leases\"]", rules.get(0).path("resources").toString());
    Set<String> verbs = new TreeSet<>();
    rules.get(0).path("verbs").forEach(v -> verbs.add(v.asText()));
    assertEquals(Set.of("get", "list", "create", "update", "delete"), verbs);
    JsonNode binding = Manifests.base().one("RoleBinding");
    assertEquals(role.at("/metadata/name").asText(), binding.at("/roleRef/name").asText());
    assertEquals("migration-guard", binding.at("/subjects/0/name").asText());
  }
}
