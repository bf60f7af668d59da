package io.migrationguard.core.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationguard.core.model.PatchOp;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonPatchApplyTest {
  private static final ObjectMapper M = new ObjectMapper();

  private static JsonNode json(String s) throws Exception {
    return M.readTree(s.replace('\'', '"'));
  }

  @Test
  void addRemoveReplaceWithEscapedPointers() throws Exception {
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
    JsonNode out = JsonPatchApply.apply(doc, patch);
    assertEquals(
        json(
            "{'metadata':{'labels':{'a':'2','kubevirt.io/vmi-name':'vm'},'finalizers':['f']},"
                + "'list':[0,2,3],'x~y':true}"),
        out);
    assertEquals(json("{'metadata':{'labels':{'a':'1'}},'list':[1,2]}"), doc, "input untouched");
  }

  @Test
  void replacingTheRootReplacesEverything() throws Exception {
    assertEquals(
        json("[1]"), JsonPatchApply.apply(json("{}"), List.of(PatchOp.replace("", json("[1]")))));
  }

  @Test
  void patchesThatDoNotApplyThrow() throws Exception {
    JsonNode doc = json("{'a':{'b':1},'l':[1]}");
    assertThrows(
        IllegalArgumentException.class,
        () -> JsonPatchApply.apply(doc, List.of(PatchOp.add("/missing/x", json("1")))));
    assertThrows(
        IllegalArgumentException.class,
        () -> JsonPatchApply.apply(doc, List.of(PatchOp.remove("/a/c"))));
    assertThrows(
        IllegalArgumentException.class,
        () -> JsonPatchApply.apply(doc, List.of(PatchOp.replace("/l/5", json("1")))));
    assertThrows(
        IllegalArgumentException.class,
        () -> JsonPatchApply.apply(doc, List.of(PatchOp.add("/l/01", json("1")))));
    assertThrows(
        IllegalArgumentException.class,
        () -> JsonPatchApply.apply(doc, List.of(new PatchOp("test", "/a/b", json("2")))));
    assertThrows(IllegalArgumentException.class, () -> JsonPatchApply.parse("no-slash"));
  }
}
