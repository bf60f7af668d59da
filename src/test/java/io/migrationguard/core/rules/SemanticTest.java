package io.migrationguard.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.testing.CaseFiles;
import java.util.List;
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
        json("{'a':'x','m':{'k':'1'},'l':[1,2],'gone':'y'}"),
        json("{'a':'z','m':{'k':'2','new':'3'},'l':[1]}"),
        p -> p.toString().equals("spec.m"));
    assertEquals(
        List.of(
            "spec.a: Invalid value: \"z\": field is immutable",
            "spec.m[k]: Invalid value: \"2\": field is immutable",
            "spec.m[new]: Invalid value: \"3\": field is immutable",
            "spec.l[1]: Invalid value: null: field is immutable",
            "spec.gone: Invalid value: null: field is immutable"),
        out.list().stream().map(Finding::render).toList());
  }

  @Test
  void immutableReportsATypeChangeAtTheField() {
    Findings out = new Findings("r", Severity.ERROR);
    Semantic.immutable(
        out, FieldPath.of("spec"), json("{'a':{'b':1}}"), json("{'a':'flat'}"), p -> false);
    assertEquals(
        List.of("spec.a: Invalid value: \"flat\": field is immutable"),
        out.list().stream().map(Finding::render).toList());
  }
}
