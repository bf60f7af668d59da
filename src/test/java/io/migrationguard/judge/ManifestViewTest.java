package io.migrationguard.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The per-object view holds every object the cross-document rules could fire on (a superset: the
 * rules decide) and never the object itself.
 */
class ManifestViewTest {
  private static final ObjectMapper M = new ObjectMapper();

  private static JsonNode policy(String name, String ns, String vmi) throws Exception {
    return M.readTree(
        ("{'metadata':{'name':'"
                + name
                + "'},'spec':{'selectors':{"
                + (ns == null ? "" : "'namespaceSelector':" + ns)
                + (ns != null && vmi != null ? "," : "")
                + (vmi == null ? "" : "'virtualMachineInstanceSelector':" + vmi)
                + "}}}")
            .replace('\'', '"'));
  }

  private static JsonNode vmim(String name, String ns, String vmi, String label) throws Exception {
    String labels = label == null ? "" : ",'labels':{'kubevirt.io/vmi-name':'" + label + "'}";
    return M.readTree(
        ("{'metadata':{'name':'"
                + name
                + "','namespace':'"
                + ns
                + "'"
                + labels
                + "},"
                + "'spec':{'vmiName':'"
                + vmi
                + "'}}")
            .replace('\'', '"'));
  }

  @Test
  void policiesMeetOnlyThoseTheyCanEqualOrTie() throws Exception {
    JsonNode a = policy("a", "{'team':'x'}", null);
    JsonNode same = policy("same", "{'team':'x'}", "{}");
    JsonNode other = policy("other", "{'team':'y'}", null);
    JsonNode tie = policy("tie", "{'env':'prod'}", null);
    JsonNode bigger = policy("bigger", "{'team':'x','env':'prod'}", null);
    JsonNode empty = policy("empty", null, null);
    JsonNode odd = policy("odd", "'not-a-map'", null);
    ManifestView view = new ManifestView(FeatureGates.defaults());
    for (JsonNode p : List.of(a, same, other, tie, bigger, empty, odd)) {
      view.add(Kind.POLICY, p);
    }
    assertEquals(
        List.of(same, tie, odd), view.forObject(Kind.POLICY, a).migrationPolicies(), "input order");
    assertEquals(List.of(a, tie, odd), view.forObject(Kind.POLICY, same).migrationPolicies());
    assertEquals(List.of(odd), view.forObject(Kind.POLICY, empty).migrationPolicies());
    assertEquals(6, view.forObject(Kind.POLICY, odd).migrationPolicies().size());
    assertEquals(7, view.migrationPolicies().size());
  }

  @Test
  void aBucketWhereEveryPolicyHasTheKeyIsNarrowedByValue() throws Exception {
    ManifestView view = new ManifestView(FeatureGates.defaults());
    JsonNode first = null;
    for (int i = 0; i < 1000; i++) {
      JsonNode p = policy("p" + i, "{'team':'t" + (i % 500) + "'}", "{'app':'db'}");
      first = first == null ? p : first;
      view.add(Kind.POLICY, p);
    }
    List<JsonNode> seen = view.forObject(Kind.POLICY, first).migrationPolicies();
    assertEquals(1, seen.size(), "only p500 has team=t0");
    assertEquals("p500", seen.get(0).path("metadata").path("name").asText());
  }

  @Test
  void migrationsMeetThoseOfTheirVmiInTheirNamespace() throws Exception {
    JsonNode m1 = vmim("m1", "ns", "vm", null);
    JsonNode m2 = vmim("m2", "ns", "other", "vm");
    JsonNode m3 = vmim("m3", "ns", "vm", null);
    JsonNode m4 = vmim("m4", "elsewhere", "vm", null);
    JsonNode m5 = vmim("m5", "ns", "unrelated", null);
    ManifestView view = new ManifestView(FeatureGates.defaults());
    for (JsonNode m : List.of(m1, m2, m3, m4, m5)) {
      view.add(Kind.VMIM, m);
    }
    assertEquals(List.of(m2, m3), view.forObject(Kind.VMIM, m1).migrations("ns"));
    assertEquals(List.of(m4), view.forObject(Kind.VMIM, m1).migrations("elsewhere"));
    assertEquals(List.of(), view.forObject(Kind.VMIM, m4).migrations("elsewhere"));
    assertEquals(4, view.migrations("ns").size());
  }

  @Test
  void unnamedObjectsStillNeverMeetThemselves() throws Exception {
    JsonNode g1 = vmim("", "ns", "vm", null);
    JsonNode g2 = vmim("", "ns", "vm", null);
    ManifestView view = new ManifestView(FeatureGates.defaults());
    view.add(Kind.VMIM, g1);
    view.add(Kind.VMIM, g2);
    assertEquals(List.of(g2), view.forObject(Kind.VMIM, g1).migrations("ns"));
    assertTrue(view.forObject(Kind.VMIM, g1).vmi("ns", "vm").isEmpty());
    assertTrue(!view.supports().contains(Lookup.VMI), "VMIs are not in manifests");
  }
}
