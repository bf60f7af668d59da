package io.migrationguard.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * YAML that kubectl accepts, read as kubectl reads it (sigs.k8s.io/yaml: go-yaml v2 into {@code
 * interface{}}, then JSON): {@code !!binary} decoded, merge keys in every form go-yaml takes, with
 * go-yaml v2's precedence.
 */
class GoYamlDecodingTest {
  private static JsonNode root(String yaml) {
    List<Document> docs = ManifestReader.read("x.yaml", yaml);
    assertEquals(1, docs.size(), () -> "documents: " + docs);
    Document d = docs.get(0);
    assertFalse(d.failed(), d.error());
    return d.root();
  }

  private static String error(String yaml) {
    List<Document> docs = ManifestReader.read("x.yaml", yaml);
    assertEquals(1, docs.size());
    assertTrue(docs.get(0).failed(), () -> "decoded: " + docs.get(0).root());
    return docs.get(0).error();
  }

  @Test
  void binaryIsDecodedFromBase64() {
    JsonNode r =
        root(
            """
            a: !!binary "MTIzNA=="
            b: !!binary |
              NjRN
              aQ==
            c: !!binary ""
            d: !<tag:yaml.org,2002:binary> aGk=
            !!binary a2V5: v
            """);
    assertEquals("1234", r.path("a").textValue());
    assertEquals("64Mi", r.path("b").textValue(), "line breaks are ignored");
    assertEquals("", r.path("c").textValue());
    assertEquals("hi", r.path("d").textValue());
    assertEquals("v", r.path("key").textValue(), "a binary key is decoded too");
  }

  @Test
  void binaryBytesThatAreNotUtf8BecomeOneReplacementEach() {
    // ff, then a cut 3-byte sequence (e2 82) before 'A', then a valid "é" (c3 a9).
    JsonNode r = root("a: !!binary /+KCQcOp\n");
    assertEquals("\uFFFD\uFFFD\uFFFDAé", r.path("a").textValue());
    assertEquals(
        "\uFFFD\uFFFD\uFFFD",
        GoStrings.fromBytes(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}),
        "no surrogates");
    assertEquals(
        "\uFFFD\uFFFD", GoStrings.fromBytes(new byte[] {(byte) 0xC0, (byte) 0x80}), "no overlongs");
    assertEquals("😀", GoStrings.fromBytes("😀".getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void invalidBase64IsAnErrorAsInGoYaml() {
    for (String bad : List.of("MTIzNA", "MTIzNA=", "MT IzNA==", "M!==", "MTIzNA==MTIz")) {
      assertEquals(
          "!!binary value contains invalid base64 data", error("a: !!binary \"" + bad + "\"\n"));
    }
  }

  @Test
  void mergeKeysTakeAnAliasAnInlineMapOrAListOfEither() {
    JsonNode r =
        root(
            """
            base: &b {x: 1, w: 2}
            other: &o {x: 10, v: 20}
            inline:
              <<: {a: 1, b: 2}
              b: 3
            block:
              <<:
                a: 1
              c: 2
            list:
              <<: [*b, *o]
            mixed:
              <<: [{x: 5}, *o]
            nested:
              <<: {<<: *b, z: 9}
            tagged:
              !!merge <<: *b
            """);
    assertEquals("{\"a\":1,\"b\":3}", r.path("inline").toString());
    assertEquals("{\"a\":1,\"c\":2}", r.path("block").toString());
    assertEquals(1, r.at("/list/x").intValue(), "the first map of the list wins");
    assertEquals(2, r.at("/list/w").intValue());
    assertEquals(20, r.at("/list/v").intValue());
    assertEquals(5, r.at("/mixed/x").intValue());
    assertEquals(20, r.at("/mixed/v").intValue());
    assertEquals("{\"x\":1,\"w\":2,\"z\":9}", r.path("nested").toString());
    assertEquals("{\"x\":1,\"w\":2}", r.path("tagged").toString());
    assertTrue(r.path("inline").get("<<") == null);
  }

  @Test
  void aMergeKeyActsWhereItStandsAsInGoYamlV2() {
    // go-yaml v2 merges in place: later keys replace what it merged, and it replaces earlier
    // keys. (v3 would keep w: 3 in "before".)
    JsonNode r =
        root(
            """
            base: &b {x: 1, w: 2}
            after:
              <<: *b
              w: 3
            before:
              w: 3
              <<: *b
            """);
    assertEquals(3, r.at("/after/w").intValue());
    assertEquals(2, r.at("/before/w").intValue());
  }

  @Test
  void mergingIsNotADuplicateKeyButRepeatingAKeyStillIs() {
    Document d =
        ManifestReader.read(
                "x.yaml",
                """
                m:
                  <<: {a: 1}
                  a: 2
                  b: 1
                  b: 2
                """)
            .get(0);
    assertEquals(2, d.root().at("/m/a").intValue());
    assertEquals(1, d.duplicateKeys().size(), d.duplicateKeys().toString());
    assertEquals("/m/b", d.duplicateKeys().get(0).pointer());
    assertEquals(new Loc(3, 3), d.locations().get("/m/a"), "the key that won");
  }

  @Test
  void aMergeOfAnythingButMapsIsAnErrorAsInGoYaml() {
    String words = "map merge requires map or sequence of maps as the value";
    assertEquals(words, error("a: &s [1]\nb:\n  <<: *s\n"));
    assertEquals(words, error("b:\n  <<: 1\n"));
    assertEquals(words, error("b:\n  <<: [[{a: 1}]]\n"));
    assertEquals(words, error("b:\n  <<: [{a: 1}, 2]\n"));
  }

  @Test
  void repetitionsPastAHundredPerMapAreCountedNotRecorded() {
    String yaml = "m:\n" + "  k: 1\n".repeat(1001) + "q:\n  j: 1\n  j: 2\n";
    Document d = ManifestReader.read("x.yaml", yaml).get(0);
    List<DuplicateKey> dups = d.duplicateKeys();
    assertEquals(TreeBuilder.MAX_DUPLICATES_PER_MAP + 1, dups.size());
    assertEquals(900, dups.get(TreeBuilder.MAX_DUPLICATES_PER_MAP - 1).more());
    assertEquals("/q/j", dups.get(TreeBuilder.MAX_DUPLICATES_PER_MAP).pointer());
    assertEquals(0, dups.get(TreeBuilder.MAX_DUPLICATES_PER_MAP).more());
  }

  @Test
  void theTestDataFileReadsAsKubectlWouldSendIt() throws IOException {
    String text =
        Files.readString(
            Path.of("src/test/resources/lint/goyaml/policy.yaml"), StandardCharsets.UTF_8);
    JsonNode r = root(text);
    assertEquals("64Mi", r.at("/spec/bandwidthPerMigration").textValue());
    assertEquals(true, r.at("/spec/allowAutoConverge").booleanValue());
    assertEquals(800, r.at("/spec/completionTimeoutPerGiB").intValue());
    assertEquals("storage", r.at("/spec/selectors/namespaceSelector/team").textValue());
  }
}
