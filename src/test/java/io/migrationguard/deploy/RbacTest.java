package io.migrationguard.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The service may read what its cluster-aware rules look at, and nothing else. */
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
      assertEquals(READ, verbs, "verbs of " + rule);
      for (JsonNode group : rule.path("apiGroups")) {
        for (JsonNode resource : rule.path("resources")) {
          granted.add(group.asText() + "/" + resource.asText());
        }
      }
    }
    assertEquals(
        new TreeSet<>(
            Set.of(
                "kubevirt.io/virtualmachineinstances",
                "kubevirt.io/virtualmachineinstancemigrations",
                "kubevirt.io/kubevirts",
                "migrations.kubevirt.io/migrationpolicies")),
        granted,
        "no wildcard, no Secrets, no other resource");
  }
}
