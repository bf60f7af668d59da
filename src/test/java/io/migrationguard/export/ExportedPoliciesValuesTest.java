package io.migrationguard.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.core.testing.CaseFiles;
import io.migrationguard.core.testing.Pointers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exported policies against the engine on values the rule case files do not hold: text that
 * needs Go's escapes (quotes, backslashes, controls, format characters, separators), non-ASCII,
 * values over the length limits and over the 256 characters a message shows whole, and Quantity
 * spellings at every bound of the engine's parser. Every exported rule's findings must be the same;
 * an object the schema rejects is skipped (the API server rejects it before any policy).
 */
class ExportedPoliciesValuesTest {
  private static final Settings SETTINGS =
      new Settings(
          Set.of("system:serviceaccount:kubevirt:kubevirt-controller", "a\"b"), java.util.Map.of());
  private static final Engine ENGINE = Engine.standard(SETTINGS);
  private static final java.util.concurrent.atomic.AtomicInteger SCHEMA_REJECTED =
      new java.util.concurrent.atomic.AtomicInteger();

  private static final List<String> TEXT =
      List.of(
          "",
          "vm1",
          "Urgent",
          "a\"b\\c",
          "tab\there",
          "nul\u0000bell\u0007del\u007f",
          "line\nfeed\rcr\u000b\f\b",
          "caf\u00e9",
          "nbsp\u00a0zwsp\u200bbom\ufeff",
          "soft\u00adhyphen\u2028sep",
          "emoji\ud83d\ude00",
          "tag\udb40\udc01",
          "x".repeat(63),
          "x".repeat(64),
          "a.".repeat(126) + "a",
          "b".repeat(254),
          "c".repeat(256),
          "d".repeat(257),
          "\u00e9".repeat(40),
          "\"".repeat(300),
          "my-vm.example",
          "-bad-",
          "UPPER.case");

  private static final List<String> QUANTITIES =
      List.of(
          "64Mi",
          "1e21",
          "-1e21",
          "999999999999999999999",
          "99999999999999999999",
          "1e10000",
          "1e10001",
          "1e0000001",
          "1e-10000",
          "1E",
          "1Ei",
          "2E3",
          "1e1.5",
          "1E.5",
          "+5",
          "-0",
          "-1m",
          "0.0000000001",
          "-0.0000000001",
          "1" + "0".repeat(999),
          "1" + "0".repeat(1000),
          "1." + "0".repeat(1020),
          "abc",
          "",
          "1000000000000000000000m",
          "9223372036854775807Ei");

  record Variant(
      String name,
      Kind kind,
      Operation op,
      JsonNode object,
      JsonNode old,
      String user,
      FeatureGates gates) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Variant> variants() {
    List<Variant> out = new ArrayList<>();
    ObjectNode vmim = vmim();
    for (String t : TEXT) {
      for (String pointer :
          List.of(
              "/spec/vmiName",
              "/spec/priority",
              "/metadata/name",
              "/metadata/generateName",
              "/metadata/namespace",
              "/spec/sendTo/migrationID",
              "/spec/receive/migrationID",
              "/metadata/labels/kubevirt.io~1vmi-name")) {
        ObjectNode o = vmim.deepCopy();
        Pointers.set(o, pointer, JsonNodeFactory.instance.textNode(t));
        if (pointer.startsWith("/spec/sendTo")) {
          Pointers.set(o, "/spec/sendTo/connectURL", JsonNodeFactory.instance.textNode(""));
        }
        out.add(new Variant(pointer + "=" + t, Kind.VMIM, Operation.CREATE, o, null, t, gates()));
        ObjectNode changed = o.deepCopy();
        Pointers.set(
            changed,
            "/metadata/labels/kubevirt.io~1vmi-name",
            JsonNodeFactory.instance.textNode(t + "x"));
        out.add(
            new Variant(
                "update " + pointer + "=" + t,
                Kind.VMIM,
                Operation.UPDATE,
                changed,
                o,
                "u",
                gates()));
      }
    }
    ObjectNode policy = policy();
    for (String q : QUANTITIES) {
      ObjectNode o = policy.deepCopy();
      Pointers.set(o, "/spec/bandwidthPerMigration", JsonNodeFactory.instance.textNode(q));
      out.add(new Variant("bandwidth=" + q, Kind.POLICY, Operation.CREATE, o, null, "u", gates()));
    }
    for (long n : new long[] {-1, 0, 1, Long.MIN_VALUE, Long.MAX_VALUE}) {
      ObjectNode o = policy.deepCopy();
      Pointers.set(o, "/spec/bandwidthPerMigration", JsonNodeFactory.instance.numberNode(n));
      Pointers.set(o, "/spec/completionTimeoutPerGiB", JsonNodeFactory.instance.numberNode(n));
      Pointers.set(o, "/spec/maxDowntimeMs", JsonNodeFactory.instance.numberNode(n));
      out.add(new Variant("numbers=" + n, Kind.POLICY, Operation.CREATE, o, null, "u", gates()));
      ObjectNode old = o.deepCopy();
      Pointers.set(old, "/spec/maxDowntimeMs", JsonNodeFactory.instance.numberNode(n == 1 ? 2 : 1));
      out.add(
          new Variant("update numbers=" + n, Kind.POLICY, Operation.UPDATE, o, old, "u", gates()));
    }
    return out.stream();
  }

  private static FeatureGates gates() {
    return new FeatureGates(Set.of(), Set.of("DecentralizedLiveMigration"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("variants")
  void sameFindings(Variant v) {
    Review review = ExportedChecks.review(v.kind(), v.op(), v.object(), v.old(), v.user());
    ObjectNode cluster = JsonNodeFactory.instance.objectNode();
    v.gates().disabledGates().forEach(g -> cluster.withArray("disabledFeatureGates").add(g));
    Decision decision = ENGINE.validate(review, CaseFiles.cluster(cluster));
    if (decision.findings().stream().anyMatch(f -> f.rule().equals("schema") && f.isError())) {
      SCHEMA_REJECTED.incrementAndGet();
      return;
    }
    for (String rule : RuleExports.exportedIds(SETTINGS)) {
      assertEquals(
          ExportedChecks.engine(review, decision.findings(), rule),
          ExportedChecks.policies(SETTINGS, review, v.gates(), rule),
          rule + " on " + v);
    }
  }

  /** Most variants must reach the rules, or this test would compare nothing. */
  @org.junit.jupiter.api.AfterAll
  static void mostVariantsReachTheRules() {
    long all = variants().count();
    assertTrue(SCHEMA_REJECTED.get() < all / 4, SCHEMA_REJECTED.get() + " of " + all + " rejected");
  }

  private static ObjectNode vmim() {
    return (ObjectNode)
        CaseFiles.JSON.valueToTree(
            java.util.Map.of(
                "apiVersion", "kubevirt.io/v1",
                "kind", "VirtualMachineInstanceMigration",
                "metadata", java.util.Map.of("name", "m1", "namespace", "default"),
                "spec", java.util.Map.of("vmiName", "vm1"),
                "status", java.util.Map.of("phase", "Running")));
  }

  private static ObjectNode policy() {
    return (ObjectNode)
        CaseFiles.JSON.valueToTree(
            java.util.Map.of(
                "apiVersion",
                "migrations.kubevirt.io/v1alpha1",
                "kind",
                "MigrationPolicy",
                "metadata",
                java.util.Map.of("name", "p1"),
                "spec",
                java.util.Map.of("selectors", java.util.Map.of())));
  }
}
