package io.migrationguard.core.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.model.PatchOp;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.core.testing.CaseFiles;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden patches for every mutation case, then the two rules every mutation obeys: applying the
 * patch and mutating again gives no patch (idempotence), and no value the user gave is rewritten.
 */
class MutationCasesTest {
  private static final String VMI_NAME_LABEL = "/metadata/labels/kubevirt.io~1vmi-name";

  static Stream<MutationCase> cases() {
    return CaseFiles.list("mutations").stream().flatMap(f -> MutationCase.load(f).stream());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void goldenPatch(MutationCase c) {
    List<PatchOp> patch = c.engine().mutate(c.review(c.object())).patch();
    assertEquals(c.patch(), JsonPatches.toJson(patch), c::toString);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void patchedObjectNeedsNoFurtherPatch(MutationCase c) {
    List<PatchOp> patch = c.engine().mutate(c.review(c.object())).patch();
    JsonNode patched = JsonPatches.apply(c.object(), patch);
    assertEquals(List.of(), c.engine().mutate(c.review(patched)).patch(), c::toString);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void givenValuesAreNeverRewritten(MutationCase c) {
    // The patch applies to the object as the API server holds it (nulls dropped, unknown pruned).
    JsonNode held =
        Engine.standard(Settings.defaults()).apiServerView(c.review(c.object())).object();
    for (PatchOp op : c.engine().mutate(c.review(c.object())).patch()) {
      switch (op.op()) {
        case "add" -> assertTrue(absent(held, op.path()), c + ": add over " + op.path());
        // The one exception (docs/architecture.md#mutations): KubeVirt's bookkeeping label follows
        // spec.vmiName.
        case "replace" ->
            assertTrue(
                held.at(op.path()).isNull() || op.path().equals(VMI_NAME_LABEL),
                c + ": replaced a set value at " + op.path());
        // The only removal any defaulter makes: duplicates of KubeVirt's finalizer.
        case "remove" ->
            assertEquals(VmimFinalizer.FINALIZER, c.object().at(op.path()).asText(), c.toString());
        default -> throw new AssertionError(op);
      }
    }
  }

  @Test
  void everyDefaulterHasAFileWithChangingAndUnchangingCases() {
    Set<String> ids = Defaulters.all().stream().map(d -> d.info().id()).collect(Collectors.toSet());
    assertEquals(ids.size(), Defaulters.all().size(), "duplicate defaulter ids");
    Set<String> files =
        CaseFiles.list("mutations").stream()
            .map(CaseFiles::id)
            .filter(id -> !id.equals(MutationCase.ALL))
            .collect(Collectors.toSet());
    assertEquals(ids, files);
    for (String id : ids) {
      List<MutationCase> cases =
          MutationCase.load(java.nio.file.Path.of("src/test/resources/mutations", id + ".yaml"));
      assertTrue(cases.stream().anyMatch(c -> !c.patch().isEmpty()), id + ": no patching case");
      assertTrue(cases.stream().anyMatch(c -> c.patch().isEmpty()), id + ": no unchanged case");
    }
    for (Defaulter d : Defaulters.all()) {
      DefaulterInfo info = d.info();
      assertTrue(
          info.description().matches("[A-Z][^\\n]*[^.]\\."), info.id() + ": " + info.description());
    }
  }

  /** Whether an {@code add} at {@code pointer} adds rather than overwrites (array inserts add). */
  private static boolean absent(JsonNode doc, String pointer) {
    int slash = pointer.lastIndexOf('/');
    JsonNode parent = doc.at(pointer.substring(0, slash));
    return parent.isArray() || doc.at(pointer).isMissingNode();
  }
}
