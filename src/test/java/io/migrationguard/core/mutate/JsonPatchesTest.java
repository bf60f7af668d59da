package io.migrationguard.core.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.PatchOp;
import io.migrationguard.core.testing.CaseFiles;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonPatchesTest {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private static JsonNode json(String s) {
    try {
      return CaseFiles.JSON.readTree(s.replace('\'', '"'));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static String diff(String from, String to) {
    return JsonPatches.toJson(JsonPatches.diff(json(from), json(to))).toString().replace('"', '\'');
  }

  @Test
  void equalTreesGiveNoPatch() {
    assertEquals(List.of(), JsonPatches.diff(json("{'a':[1,{'b':2}]}"), json("{'a':[1,{'b':2}]}")));
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
        "[{'op':'remove','path':'/l/1'},{'op':'remove','path':'/l/1'}]",
        diff("{'l':[1,2,3,4]}", "{'l':[1,4]}"));
  }

  @Test
  void randomDiffsApplyBackToTheTarget() {
    Random rnd = new Random(7);
    for (int i = 0; i < 2_000; i++) {
      JsonNode from = tree(rnd, 3);
      JsonNode to = rnd.nextInt(4) == 0 ? tree(rnd, 3) : perturb(from.deepCopy(), rnd, 3);
      ObjectNode doc = F.objectNode().set("root", from.deepCopy());
      List<PatchOp> patch = JsonPatches.diff(F.objectNode().set("root", from), wrap(to));
      assertEquals(
          wrap(to),
          JsonPatches.apply(doc, patch),
          () -> "from " + from + " to " + to + " via " + patch);
    }
  }

  private static final java.util.EnumSet<io.fabric8.zjsonpatch.DiffFlags> LIBRARY_FLAGS =
      java.util.EnumSet.of(
          io.fabric8.zjsonpatch.DiffFlags.OMIT_VALUE_ON_REMOVE,
          io.fabric8.zjsonpatch.DiffFlags.OMIT_MOVE_OPERATION,
          io.fabric8.zjsonpatch.DiffFlags.OMIT_COPY_OPERATION);

  /**
   * Where the walk here answers without the library (objects key by key; pure insertions and
   * deletions in arrays), it gives the library's own operations, in the same order. (Arrays with
   * both go to the library after their common ends are cut, which can give fewer operations than
   * the library on the whole array.)
   */
  @Test
  void theWalkGivesTheLibrarysOperations() {
    Random rnd = new Random(11);
    int compared = 0;
    for (int i = 0; i < 5_000; i++) {
      JsonNode from = wrap(tree(rnd, 3));
      JsonNode to = rnd.nextInt(4) == 0 ? wrap(tree(rnd, 3)) : perturb(from.deepCopy(), rnd, 3);
      if (hasArray(from) || hasArray(to)) {
        continue;
      }
      compared++;
      assertLibrarysOperations(from, to);
    }
    assertTrue(compared > 200, "compared " + compared);
    for (String[] pair :
        new String[][] {
          {"[\"a\",\"b\",\"c\"]", "[\"a\",\"x\",\"y\",\"b\",\"c\"]"},
          {"[\"a\",\"b\",\"c\",\"d\"]", "[\"a\",\"d\"]"},
          {"[]", "[1,2]"},
          {"[1,2]", "[]"},
          {"[\"f\"]", "[\"f\",\"kubevirt.io/migrationJobFinalize\"]"}
        }) {
      assertLibrarysOperations(wrap(read(pair[0])), wrap(read(pair[1])));
    }
  }

  private static void assertLibrarysOperations(JsonNode from, JsonNode to) {
    JsonNode library = io.fabric8.zjsonpatch.JsonDiff.asJson(from, to, LIBRARY_FLAGS);
    assertEquals(library, JsonPatches.toJson(JsonPatches.diff(from, to)), () -> from + " -> " + to);
  }

  private static boolean hasArray(JsonNode n) {
    if (n.isArray()) {
      return true;
    }
    for (JsonNode child : n) {
      if (hasArray(child)) {
        return true;
      }
    }
    return false;
  }

  private static JsonNode read(String json) {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void hostileArraysStayCheap() {
    assertHostile(finalizers(80_000, i -> F.textNode(VmimFinalizer.FINALIZER)), 1, 93);
    assertHostile(finalizers(390_000, F::numberNode), 1, 94);
    ObjectNode ends = finalizers(390_000, F::numberNode);
    ArrayNode list = (ArrayNode) ends.at("/metadata/finalizers");
    ObjectNode changed = ends.deepCopy();
    ((ArrayNode) changed.at("/metadata/finalizers")).set(0, F.numberNode(-1));
    ((ArrayNode) changed.at("/metadata/finalizers")).set(list.size() - 1, F.numberNode(-2));
    List<PatchOp> patch = timed(ends, changed);
    assertEquals(List.of("replace /metadata/finalizers"), summary(patch));
  }

  @Test
  void aHeavyMiddleIsReplacedWholeNotDiffedByTheLibrary() {
    ObjectNode from = F.objectNode();
    ArrayNode inner = from.putArray("l").addObject().putArray("x");
    for (int i = 0; i < 390_000; i++) {
      inner.add(i);
    }
    ObjectNode to = from.deepCopy();
    ((ArrayNode) to.at("/l/0/x")).add(-1);
    List<PatchOp> patch = timed(from, to);
    assertEquals(List.of("replace /l"), summary(patch));
    assertEquals(to, JsonPatches.apply(from, patch));
  }

  @Test
  void aSmallMiddleOfALongArrayIsDiffedByElement() {
    ObjectNode from = finalizers(600, F::numberNode);
    ObjectNode to = from.deepCopy();
    ArrayNode list = (ArrayNode) to.at("/metadata/finalizers");
    list.set(300, F.numberNode(-1));
    list.insert(400, F.numberNode(-2));
    List<PatchOp> patch = JsonPatches.diff(from, to);
    assertEquals(
        List.of("replace /metadata/finalizers/300", "add /metadata/finalizers/400"),
        summary(patch));
    assertEquals(to, JsonPatches.apply(from, patch));
  }

  private static void assertHostile(ObjectNode from, int ops, int bytes) {
    ObjectNode to = from.deepCopy();
    new VmimFinalizer().apply(null, to, null);
    List<PatchOp> patch = timed(from, to);
    assertEquals(ops, patch.size(), () -> summary(patch).toString());
    assertEquals(bytes, JsonPatches.toJson(patch).toString().length());
    assertEquals(to, JsonPatches.apply(from, patch));
  }

  /**
   * The diff of a 3 MiB object; the bound keeps it to milliseconds, so 5 s (room for a cold JIT on
   * a loaded machine) is a failure: an unbounded diff takes minutes.
   */
  private static List<PatchOp> timed(JsonNode from, JsonNode to) {
    long start = System.nanoTime();
    List<PatchOp> patch = JsonPatches.diff(from, to);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(millis < 5_000, millis + " ms");
    return patch;
  }

  private static ObjectNode finalizers(int n, java.util.function.IntFunction<JsonNode> element) {
    ObjectNode o = F.objectNode().put("kind", "VirtualMachineInstanceMigration");
    ArrayNode list = o.putObject("metadata").put("name", "m").putArray("finalizers");
    for (int i = 0; i < n; i++) {
      list.add(element.apply(i));
    }
    return o;
  }

  private static List<String> summary(List<PatchOp> patch) {
    return patch.stream().map(op -> op.op() + " " + op.path()).toList();
  }

  @Test
  void addRemoveReplaceWithEscapedPointers() {
    JsonNode doc = json("{'metadata':{'labels':{'a':'1'}},'list':[1,2]}");
    List<PatchOp> patch =
        List.of(
            PatchOp.add("/metadata/labels/kubevirt.io~1vmi-name", json("'vm'")),
            PatchOp.add("/metadata/finalizers", json("['f']")),
            PatchOp.add("/list/-", json("3")),
            PatchOp.add("/list/0", json("0")),
            PatchOp.replace("/metadata/labels/a", json("'2'")),
            PatchOp.remove("/list/1"),
            PatchOp.add("/x~0y", json("true")));
    JsonNode out = JsonPatches.apply(doc, patch);
    assertEquals(
        json(
            "{'metadata':{'labels':{'a':'2','kubevirt.io/vmi-name':'vm'},'finalizers':['f']},"
                + "'list':[0,2,3],'x~y':true}"),
        out);
    assertEquals(json("{'metadata':{'labels':{'a':'1'}},'list':[1,2]}"), doc, "input untouched");
  }

  @Test
  void replacingTheRootReplacesEverything() {
    assertEquals(
        json("[1]"), JsonPatches.apply(json("{}"), List.of(PatchOp.replace("", json("[1]")))));
  }

  @Test
  void patchesThatDoNotApplyThrow() {
    JsonNode doc = json("{'a':{'b':1},'l':[1]}");
    assertThrows(
        IllegalArgumentException.class,
        () -> JsonPatches.apply(doc, List.of(PatchOp.add("/missing/x", json("1")))));
    assertThrows(
        IllegalArgumentException.class,
        () -> JsonPatches.apply(doc, List.of(PatchOp.remove("/a/c"))));
    assertThrows(
        IllegalArgumentException.class,
        () -> JsonPatches.apply(doc, List.of(PatchOp.replace("/l/5", json("1")))));
    assertThrows(
        IllegalArgumentException.class,
        () -> JsonPatches.apply(doc, List.of(PatchOp.add("/l/01", json("1")))));
    assertThrows(
        IllegalArgumentException.class,
        () -> JsonPatches.apply(doc, List.of(new PatchOp("test", "/a/b", json("2")))));
    assertThrows(IllegalArgumentException.class, () -> JsonPointer.compile("no-slash"));
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
