package io.migrationguard.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Positions, documents, errors and duplicate keys, for YAML and JSON. */
class ManifestReaderTest {
  private static final String POLICY =
      """
      # leading comment
      apiVersion: migrations.kubevirt.io/v1alpha1
      kind: MigrationPolicy
      metadata:
        name: fast
      spec:
        selectors:
          namespaceSelector:
            team: a
            "quoted/key": b
        conditions:
          - type: Ready
            status: "True"
          -   type: Other
      """;

  @Test
  void everyKeyHasItsLineAndColumn() {
    Document d = only(ManifestReader.read("p.yaml", POLICY));
    Locations l = d.locations();
    assertEquals(new Loc(2, 1), d.start());
    assertEquals(new Loc(5, 3), l.get("/metadata/name"));
    assertEquals(new Loc(9, 7), l.get("/spec/selectors/namespaceSelector/team"));
    assertEquals(new Loc(10, 7), l.get("/spec/selectors/namespaceSelector/quoted~1key"));
    assertEquals(new Loc(12, 7), l.get("/spec/conditions/0"), "a list element: its first token");
    assertEquals(new Loc(13, 7), l.get("/spec/conditions/0/status"));
    assertEquals(new Loc(14, 9), l.get("/spec/conditions/1/type"));
  }

  @Test
  void aMissingFieldFallsBackToItsNearestAncestor() {
    Locations l = only(ManifestReader.read("p.yaml", POLICY)).locations();
    assertEquals(new Loc(8, 5), l.find("/spec/selectors/namespaceSelector/nope"));
    assertEquals(new Loc(6, 1), l.find("/spec/missing/deeper"));
    assertEquals(new Loc(2, 1), l.find("/nothing"));
  }

  @Test
  void documentsAreNumberedAndPlacedInTheWholeFile() {
    String text = "---\n---\na: 1\n---\n# only a comment\n---\nb: 2\n...\n";
    List<Document> docs = ManifestReader.read("x.yaml", text);
    assertEquals(2, docs.size(), "empty documents are ignored");
    assertEquals(new Loc(3, 1), docs.get(0).start());
    assertEquals(new Loc(7, 1), docs.get(1).start());
    assertEquals(2, docs.get(1).index());
  }

  @Test
  void aBrokenDocumentDoesNotHideTheOthers() {
    String text = "a: 1\n---\nb: [1, 2\nc: 3\n---\nd: 4\n";
    List<Document> docs = ManifestReader.read("x.yaml", text);
    assertEquals(3, docs.size());
    assertFalse(docs.get(0).failed());
    assertTrue(docs.get(1).failed());
    assertTrue(docs.get(1).start().line() >= 3 && docs.get(1).start().line() <= 5);
    assertEquals(4, docs.get(2).root().path("d").intValue());
    assertEquals(new Loc(6, 1), docs.get(2).start());
  }

  @Test
  void aSyntaxErrorPointsAtTheOffendingToken() {
    List<Document> docs = ManifestReader.read("x.yaml", "a: 1\nb: c: d\n");
    assertEquals(1, docs.size());
    assertTrue(docs.get(0).failed());
    assertEquals(new Loc(2, 5), docs.get(0).start());
    assertTrue(docs.get(0).error().contains("mapping values are not allowed"), docs.get(0).error());
  }

  @Test
  void duplicateKeysAreRecordedAndTheLastValueWins() {
    Document d = only(ManifestReader.read("x.yaml", "metadata:\n  labels:\n    a: 1\n    a: 2\n"));
    assertEquals(2, d.root().path("metadata").path("labels").path("a").intValue());
    assertEquals(1, d.duplicateKeys().size());
    DuplicateKey k = d.duplicateKeys().get(0);
    assertEquals("/metadata/labels/a", k.pointer());
    assertEquals(new Loc(4, 5), k.loc());
  }

  @Test
  void jsonHasPositionsAndDuplicateKeysToo() {
    String json = "{\n  \"kind\": \"X\",\n  \"spec\": {\"a\": [1, {\"b\": 2}], \"a\": 3}\n}\n";
    Document d = only(ManifestReader.read("x.json", json));
    assertEquals(new Loc(1, 1), d.start());
    assertEquals(new Loc(3, 3), d.locations().get("/spec"));
    assertEquals(new Loc(3, 32), d.locations().get("/spec/a"), "the key whose value won");
    assertEquals(3, d.root().path("spec").path("a").intValue());
    assertEquals(1, d.duplicateKeys().size());
  }

  @Test
  void brokenJsonIsReportedWithItsPosition() {
    List<Document> docs = ManifestReader.read("x.json", "{\n  \"a\": 1,\n  \"b\" 2\n}\n");
    assertEquals(1, docs.size());
    assertTrue(docs.get(0).failed());
    assertEquals(3, docs.get(0).start().line());
  }

  @Test
  void stdinIsSniffed() {
    assertTrue(ManifestReader.isJson("stdin", "  {\"a\": 1}"));
    assertFalse(ManifestReader.isJson("stdin", "a: {b: 1}"));
    assertFalse(ManifestReader.isJson("x.yaml", "{a: 1}"));
    assertEquals(1, only(ManifestReader.read("x.yaml", "{a: 1}")).root().path("a").intValue());
  }

  @Test
  void scalarsResolveAsKubectlSendsThem() {
    String yaml =
        """
        bw: 64Mi
        timeout: 800
        quoted: "800"
        flag: yes
        switch: On
        short: n
        y: 1
        octal: 0777
        hex: 0x1F
        under: 1_000
        exp: 1e3
        integral: 2.0
        fraction: 1.5
        date: 2024-01-02T03:04:05Z
        nothing: ~
        empty:
        literal: |
          800
        tagged: !!str 12
        big: 18446744073709551615
        text: 1.2.3
        """;
    JsonNode r = only(ManifestReader.read("x.yaml", yaml)).root();
    assertEquals("64Mi", r.get("bw").textValue());
    assertTrue(r.get("timeout").isIntegralNumber());
    assertEquals(800, r.get("timeout").intValue());
    assertEquals("800", r.get("quoted").textValue());
    assertTrue(r.get("flag").booleanValue(), "YAML 1.1, as go-yaml v2: yes is true");
    assertTrue(r.get("switch").booleanValue());
    assertFalse(r.get("short").booleanValue());
    assertEquals(1, r.get("true").intValue(), "keys resolve too: y -> \"true\"");
    assertEquals(511, r.get("octal").intValue());
    assertEquals(31, r.get("hex").intValue());
    assertEquals(1000, r.get("under").intValue());
    assertTrue(r.get("exp").isIntegralNumber());
    assertEquals(1000, r.get("exp").intValue());
    assertTrue(r.get("integral").isIntegralNumber());
    assertEquals(1.5, r.get("fraction").doubleValue());
    assertEquals("2024-01-02T03:04:05Z", r.get("date").textValue());
    assertTrue(r.get("nothing").isNull());
    assertTrue(r.get("empty").isNull());
    assertEquals("800\n", r.get("literal").textValue());
    assertEquals("12", r.get("tagged").textValue());
    assertEquals("18446744073709551615", r.get("big").bigIntegerValue().toString());
    assertEquals("1.2.3", r.get("text").textValue());
  }

  @Test
  void anchorsAliasesAndMergeKeys() {
    String yaml =
        """
        base: &b {x: 1, w: 2}
        copy: *b
        merged:
          <<: *b
          w: 3
        many:
          <<: [*b]
          z: 4
        """;
    JsonNode r = only(ManifestReader.read("x.yaml", yaml)).root();
    assertEquals(1, r.path("copy").path("x").intValue());
    assertEquals(1, r.path("merged").path("x").intValue());
    assertEquals(3, r.path("merged").path("w").intValue(), "explicit keys beat merged ones");
    assertEquals(2, r.path("many").path("w").intValue());
    assertNull(r.path("merged").get("<<"));
  }

  @Test
  void aliasExpansionIsBounded() {
    StringBuilder sb = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for (int i = 1; i < 10; i++) {
      sb.append("a").append(i).append(": &a").append(i).append(" [");
      for (int j = 0; j < 10; j++) {
        sb.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
      }
      sb.append("]\n");
    }
    Document d = only(ManifestReader.read("x.yaml", sb.toString()));
    assertTrue(d.failed());
    assertTrue(d.error().contains("excessive aliasing"), d.error());
  }

  @Test
  void nestingIsBounded() {
    String deep = "a: " + "[".repeat(5000) + "]".repeat(5000) + "\n";
    assertTrue(only(ManifestReader.read("x.yaml", deep)).failed());
    String deepJson = "[".repeat(5000) + "]".repeat(5000);
    assertTrue(only(ManifestReader.read("x.json", deepJson)).failed());
  }

  @Test
  void valuesJsonCannotHoldAreErrors() {
    Document d = only(ManifestReader.read("x.yaml", "a: 1\nb: .inf\n"));
    assertTrue(d.failed());
    assertEquals(new Loc(2, 4), d.start());
  }

  @Test
  void byteOrderMarkAndCrlfAreFine() {
    Document d = only(ManifestReader.read("x.yaml", "\uFEFFa: 1\r\nb:\r\n  c: 2\r\n"));
    assertEquals(2, d.root().path("b").path("c").intValue());
    assertEquals(new Loc(3, 3), d.locations().get("/b/c"));
  }

  private static Document only(List<Document> docs) {
    assertEquals(1, docs.size(), () -> "documents: " + docs);
    return docs.get(0);
  }

  @Test
  void aLongStreamIsReadInParallelButNumberedAndPlacedInOrder() {
    StringBuilder sb = new StringBuilder();
    int n = YamlStream.PARALLEL_CHUNKS * 3 + 7;
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : "---\n").append("i: ").append(i).append('\n');
      if (i == 300) {
        sb.append("bad: [\n");
      }
    }
    List<Document> docs = ManifestReader.read("stdin", sb.toString());
    assertEquals(n, docs.size());
    for (int i = 0; i < n; i++) {
      Document d = docs.get(i);
      assertEquals(i + 1, d.index());
      if (i == 300) {
        assertTrue(d.failed());
      } else {
        assertEquals(i, d.root().path("i").intValue());
        assertEquals(i < 300 ? 2 * i + 1 : 2 * i + 2, d.start().line());
      }
    }
  }
}
