package io.migrationguard.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.release.Releases;
import io.migrationguard.core.schema.ReleaseSchemas;
import io.migrationguard.core.schema.Shape;
import io.migrationguard.core.testing.CaseFiles;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SemanticTest {
  private static JsonNode json(String s) {
    try {
      return CaseFiles.JSON.readTree(s.replace('\'', '"'));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static boolean eq(String a, String b) {
    return Semantic.equal(json(a), json(b));
  }

  @Test
  void emptyContainersEqualAbsentAndNull() {
    assertTrue(eq("{'m':{}}", "{}"));
    assertTrue(eq("{'m':null}", "{}"));
    assertTrue(eq("{'l':[]}", "{'l':null}"));
    assertTrue(eq("{'m':{'n':{}}}", "{}"));
    assertTrue(Semantic.equal(null, json("{}")));
  }

  @Test
  void anAbsentStringIsNotEmpty() {
    assertFalse(eq("{'s':''}", "{}"));
    assertTrue(eq("{'s':null}", "{}"));
  }

  @Test
  void numbersCompareByValue() {
    assertTrue(eq("{'n':1}", "{'n':1.0}"));
    assertFalse(eq("{'n':1}", "{'n':'1'}"));
    assertFalse(eq("{'n':1}", "{'n':2}"));
  }

  @Test
  void keyOrderDoesNotMatterButArrayOrderDoes() {
    assertTrue(eq("{'a':1,'b':2}", "{'b':2,'a':1}"));
    assertFalse(eq("{'l':[1,2]}", "{'l':[2,1]}"));
    assertFalse(eq("{'l':[1]}", "{'l':[1,1]}"));
  }

  @Test
  void immutableReportsEachChangedLeafWithTheNewValue() {
    Findings out = new Findings("r", Severity.ERROR);
    Semantic.immutable(
        out,
        FieldPath.of("spec"),
        json("{'vmiName':'x','addedNodeSelector':{'k':'1'},'l':[1,2],'priority':'y'}"),
        json("{'vmiName':'z','addedNodeSelector':{'k':'2','new':'3'},'l':[1]}"),
        ReleaseSchemas.of(Releases.MAIN).shape(Kind.VMIM).field("spec"));
    assertEquals(
        List.of(
            "spec.vmiName: Invalid value: \"z\": field is immutable",
            "spec.addedNodeSelector[k]: Invalid value: \"2\": field is immutable",
            "spec.addedNodeSelector[new]: Invalid value: \"3\": field is immutable",
            "spec.l[1]: Invalid value: null: field is immutable",
            "spec.priority: Invalid value: null: field is immutable"),
        out.list().stream().map(Finding::render).toList());
  }

  @Test
  void immutableReportsATypeChangeAtTheField() {
    Findings out = new Findings("r", Severity.ERROR);
    Semantic.immutable(
        out, FieldPath.of("spec"), json("{'a':{'b':1}}"), json("{'a':'flat'}"), Shape.FREE_FORM);
    assertEquals(
        List.of("spec.a: Invalid value: \"flat\": field is immutable"),
        out.list().stream().map(Finding::render).toList());
  }

  @Test
  void quantitiesCompareByValueWhereTheSchemaSaysQuantity() {
    Shape stall =
        ReleaseSchemas.of(Releases.MAIN)
            .shape(Kind.POLICY)
            .at("spec", "experimental", "stallDetector");
    JsonNode a = json("{'ewmaAlpha':'0.5','completionTimeoutFactor':2}");
    JsonNode b = json("{'ewmaAlpha':'500m','completionTimeoutFactor':'2'}");
    assertTrue(Semantic.equal(a, b, stall));
    assertFalse(Semantic.equal(a, json("{'ewmaAlpha':'0.6','completionTimeoutFactor':2}"), stall));
    // Elsewhere a string is a string: the same spellings differ.
    assertFalse(Semantic.equal(a, b));
    assertFalse(
        Semantic.equal(
            json("{'vmiName':'1'}"),
            json("{'vmiName':'1.0'}"),
            ReleaseSchemas.of(Releases.MAIN).shape(Kind.VMIM).field("spec")));
  }

  /**
   * The field-by-field comparison agrees with the definition it replaced (equal when equal over the
   * union of both objects' keys) on random small trees full of the edge values: null, empty
   * containers, 1 and 1.0, "" and absent.
   */
  @Test
  void equalAgreesWithTheUnionOfKeysDefinition() {
    SplittableRandom random = new SplittableRandom(7);
    int same = 0;
    for (int i = 0; i < 100_000; i++) {
      JsonNode a = tree(random, 3);
      JsonNode b = random.nextInt(4) == 0 ? a.deepCopy() : tree(random, 3);
      boolean expected = unionEqual(a, b);
      assertEquals(expected, Semantic.equal(a, b), () -> a + " vs " + b);
      assertEquals(expected, Semantic.equal(b, a), () -> b + " vs " + a);
      same += expected ? 1 : 0;
    }
    assertTrue(same > 20_000 && same < 80_000, "equal pairs: " + same);
  }

  private static final String[] LEAVES = {
    "null", "{}", "[]", "\"\"", "\"x\"", "1", "1.0", "2", "true"
  };

  private static JsonNode tree(SplittableRandom random, int depth) {
    int pick = random.nextInt(depth == 0 ? 1 : 3);
    if (pick == 1) {
      ObjectNode o = CaseFiles.JSON.createObjectNode();
      for (String key : new String[] {"a", "b", "c"}) {
        if (random.nextBoolean()) {
          o.set(key, tree(random, depth - 1));
        }
      }
      return o;
    }
    if (pick == 2) {
      ArrayNode a = CaseFiles.JSON.createArrayNode();
      for (int i = random.nextInt(3); i > 0; i--) {
        a.add(tree(random, depth - 1));
      }
      return a;
    }
    return json(LEAVES[random.nextInt(LEAVES.length)]);
  }

  /** The former definition, kept as the oracle. */
  private static boolean unionEqual(JsonNode a, JsonNode b) {
    if (empty(a) && empty(b)) {
      return true;
    }
    if (objectOrAbsent(a) && objectOrAbsent(b)) {
      Set<String> keys = new LinkedHashSet<>();
      for (JsonNode n : new JsonNode[] {a, b}) {
        if (n != null && n.isObject()) {
          n.fieldNames().forEachRemaining(keys::add);
        }
      }
      for (String key : keys) {
        if (!unionEqual(set(a) ? a.get(key) : null, set(b) ? b.get(key) : null)) {
          return false;
        }
      }
      return true;
    }
    if ((!set(a) || a.isArray()) && (!set(b) || b.isArray())) {
      int n = set(a) ? a.size() : 0;
      if (n != (set(b) ? b.size() : 0)) {
        return false;
      }
      for (int i = 0; i < n; i++) {
        if (!unionEqual(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (!set(a) || !set(b)) {
      return set(a) == set(b);
    }
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }

  private static boolean set(JsonNode n) {
    return n != null && !n.isMissingNode() && !n.isNull();
  }

  private static boolean empty(JsonNode n) {
    return !set(n) || (n.isContainerNode() && n.isEmpty());
  }

  private static boolean objectOrAbsent(JsonNode n) {
    return !set(n) || n.isObject();
  }
}
