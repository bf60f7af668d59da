package io.migrationguard.core.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.PatchOp;
import io.migrationguard.core.testing.CaseFiles;
import io.migrationguard.core.testing.Patches;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonDiffTest {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private static JsonNode json(String s) {
    try {
      return CaseFiles.JSON.readTree(s.replace('\'', '"'));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static String diff(String from, String to) {
    return Patches.toJson(JsonDiff.diff(json(from), json(to))).toString().replace('"', '\'');
  }

  @Test
  void equalTreesGiveNoPatch() {
    assertEquals(List.of(), JsonDiff.diff(json("{'a':[1,{'b':2}]}"), json("{'a':[1,{'b':2}]}")));
  }

  @Test
  void objects() {
    assertEquals(
        "[{'op':'add','path':'/b','value':{'c':1}}]", diff("{'a':1}", "{'a':1,'b':{'c':1}}"));
    assertEquals("[{'op':'remove','path':'/a'}]", diff("{'a':1,'b':2}", "{'b':2}"));
    assertEquals(
        "[{'op':'replace','path':'/a/b','value':3}]", diff("{'a':{'b':2}}", "{'a':{'b':3}}"));
    assertEquals("[{'op':'replace','path':'/a','value':'x'}]", diff("{'a':{'b':2}}", "{'a':'x'}"));
  }

  @Test
  void pointersAreEscaped() {
    assertEquals(
        "[{'op':'add','path':'/metadata/labels/kubevirt.io~1vmi-name','value':'vm1'}]",
        diff(
            "{'metadata':{'labels':{}}}",
            "{'metadata':{'labels':{'kubevirt.io/vmi-name':'vm1'}}}"));
    assertEquals("[{'op':'add','path':'/a~0b','value':1}]", diff("{}", "{'a~b':1}"));
  }

  @Test
  void arraysKeepTheirCommonPrefixAndSuffix() {
    assertEquals("[{'op':'add','path':'/l/2','value':3}]", diff("{'l':[1,2]}", "{'l':[1,2,3]}"));
    assertEquals("[{'op':'add','path':'/l/0','value':0}]", diff("{'l':[1,2]}", "{'l':[0,1,2]}"));
    assertEquals("[{'op':'remove','path':'/l/1'}]", diff("{'l':['f','f','x']}", "{'l':['f','x']}"));
    assertEquals(
        "[{'op':'remove','path':'/l/3'}]", diff("{'l':['x','f','y','f']}", "{'l':['x','f','y']}"));
    assertEquals(
        "[{'op':'replace','path':'/l/1','value':9}]", diff("{'l':[1,2,3]}", "{'l':[1,9,3]}"));
    assertEquals(
        "[{'op':'remove','path':'/l/2'},{'op':'remove','path':'/l/1'}]",
        diff("{'l':[1,2,3,4]}", "{'l':[1,4]}"));
  }

  @Test
  void randomDiffsApplyBackToTheTarget() {
    Random rnd = new Random(7);
    for (int i = 0; i < 2_000; i++) {
      JsonNode from = tree(rnd, 3);
      JsonNode to = rnd.nextInt(4) == 0 ? tree(rnd, 3) : perturb(from.deepCopy(), rnd, 3);
      ObjectNode doc = F.objectNode().set("root", from.deepCopy());
      List<PatchOp> patch = JsonDiff.diff(F.objectNode().set("root", from), wrap(to));
      Patches.apply(doc, patch);
      assertEquals(wrap(to), doc, () -> "from " + from + " to " + to + " via " + patch);
    }
  }

  private static ObjectNode wrap(JsonNode n) {
    return F.objectNode().set("root", n.deepCopy());
  }

  private static JsonNode tree(Random rnd, int depth) {
    int kind = depth == 0 ? rnd.nextInt(3) : rnd.nextInt(5);
    return switch (kind) {
      case 0 -> F.numberNode(rnd.nextInt(3));
      case 1 -> F.textNode(List.of("a", "b", "a/b", "c~d").get(rnd.nextInt(4)));
      case 2 -> F.nullNode();
      case 3 -> {
        ArrayNode a = F.arrayNode();
        for (int i = rnd.nextInt(4); i > 0; i--) {
          a.add(tree(rnd, depth - 1));
        }
        yield a;
      }
      default -> {
        ObjectNode o = F.objectNode();
        for (int i = rnd.nextInt(4); i > 0; i--) {
          o.set(List.of("x", "y", "k/1", "t~").get(rnd.nextInt(4)), tree(rnd, depth - 1));
        }
        yield o;
      }
    };
  }

  private static JsonNode perturb(JsonNode n, Random rnd, int depth) {
    if (n instanceof ObjectNode o && !o.isEmpty() && rnd.nextBoolean()) {
      String key = o.fieldNames().next();
      o.set(key, perturb(o.get(key), rnd, depth - 1));
      if (rnd.nextBoolean()) {
        o.set("new", tree(rnd, 1));
      }
      return o;
    }
    if (n instanceof ArrayNode a && !a.isEmpty() && rnd.nextBoolean()) {
      switch (rnd.nextInt(3)) {
        case 0 -> a.remove(rnd.nextInt(a.size()));
        case 1 -> a.insert(rnd.nextInt(a.size() + 1), tree(rnd, 1));
        default -> a.set(rnd.nextInt(a.size()), perturb(a.get(0), rnd, depth - 1));
      }
      return a;
    }
    return tree(rnd, Math.max(depth, 0));
  }
}
