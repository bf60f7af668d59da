package io.migrationguard.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.core.rules.RuleHelpers;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The text a policy's reservation key holds: its SHA-256 names the Lease in the API server, so two
 * replicas of different releases (a rolling upgrade) must write it alike. Held here to the text of
 * the sorted maps the selector rules compare, and to frozen Lease names.
 */
class ReservationKeysTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The key text as it was built until 5 December 2026: two TreeMaps' toString. */
  private static String reference(JsonNode policy) {
    var s = RuleHelpers.at(policy, "spec", "selectors");
    return "ns="
        + RuleHelpers.stringMap(s.get("namespaceSelector"))
        + " vmi="
        + RuleHelpers.stringMap(s.get("virtualMachineInstanceSelector"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{}",
        "{\"spec\":{}}",
        "{\"spec\":{\"selectors\":null}}",
        "{\"spec\":{\"selectors\":{}}}",
        "{\"spec\":{\"selectors\":{\"namespaceSelector\":null,\"virtualMachineInstanceSelector\":{}}}}",
        "{\"spec\":{\"selectors\":{\"namespaceSelector\":{\"tier\":\"db\"}}}}",
        "{\"spec\":{\"selectors\":{\"namespaceSelector\":{\"z\":\"1\",\"a\":\"2\",\"M\":\"3\"},"
            + "\"virtualMachineInstanceSelector\":{\"kubevirt.io/size\":\"large\",\"app\":\"\"}}}}",
        "{\"spec\":{\"selectors\":{\"namespaceSelector\":{\"n\":7,\"b\":true,\"x\":null,\"o\":{\"k\":\"v\"},"
            + "\"l\":[1,\"a\"]},\"virtualMachineInstanceSelector\":\"not a map\"}}}",
        "{\"spec\":{\"selectors\":{\"namespaceSelector\":{\"k=v, x\":\"{}\",\"k\":\"a, b=c\"}}}}",
        "{\"spec\":{\"selectors\":[1,2]}}",
        "{\"spec\":\"text\"}"
      })
  void theKeyTextIsTheSortedMapsText(String policy) throws Exception {
    JsonNode p = JSON.readTree(policy);
    assertEquals(reference(p), ReservationKeys.canonicalSelectors(p));
  }

  /**
   * Lease names as the first release with Leases wrote them, frozen: a change here renames every
   * reservation in a running cluster, and a rolling upgrade would then admit duplicates across the
   * two releases' replicas for one Lease lifetime.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"spec\":{\"selectors\":{\"namespaceSelector\":{\"tier\":\"db\",\"environment\":\"production\"},"
            + "\"virtualMachineInstanceSelector\":{\"workload\":\"postgres\",\"kubevirt.io/size\":\"large\"}}}}"
            + "|ns={environment=production, tier=db} vmi={kubevirt.io/size=large, workload=postgres}"
            + "|migration-guard-a871c097aa03c5ca7f098fdb",
        "{\"spec\":{\"selectors\":{\"namespaceSelector\":{\"n\":7,\"b\":true,\"x\":null}}}}"
            + "|ns={b=true, n=7, x=null} vmi={}|migration-guard-3c6951352d23b6c5cedcb64e",
        "{\"spec\":{}}|ns={} vmi={}|migration-guard-a0da85a5cb949ecfb12a045d"
      })
  void leaseNamesDoNotChange(String policy, String text, String lease) throws Exception {
    JsonNode p = JSON.readTree(policy);
    assertEquals(text, ReservationKeys.canonicalSelectors(p));
    assertEquals(lease, ReservationKeys.leaseName("MigrationPolicy " + text));
  }

  @Test
  void randomSelectorsKeepTheirText() {
    Random random = new Random(34);
    List<String> keys = List.of("a", "B", "app", "kubevirt.io/size", "tier", "z", "é", "a.b/c", "");
    for (int i = 0; i < 2_000; i++) {
      var policy = JSON.createObjectNode();
      var selectors = policy.putObject("spec").putObject("selectors");
      for (String which : List.of("namespaceSelector", "virtualMachineInstanceSelector")) {
        var map = selectors.putObject(which);
        for (int k = random.nextInt(5); k > 0; k--) {
          map.put(keys.get(random.nextInt(keys.size())), "v" + random.nextInt(3));
        }
      }
      assertEquals(
          reference(policy), ReservationKeys.canonicalSelectors(policy), policy.toString());
    }
  }
}
