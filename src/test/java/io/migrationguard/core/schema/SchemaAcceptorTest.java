package io.migrationguard.core.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import io.migrationguard.core.Engine;
import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.mutate.Defaulters;
import io.migrationguard.core.quantity.QuantitySyntax;
import io.migrationguard.core.release.Releases;
import io.migrationguard.core.rules.Settings;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Holds {@link SchemaAcceptor} to networknt, its oracle: on objects made by random edits of the
 * samples, it must never accept an object networknt finds an error in, and it must accept every
 * clean object except the one documented case it leaves to networknt (a bounded field holding a
 * number that is not an int64 literal, such as {@code 1.0}).
 */
class SchemaAcceptorTest {
  private static final int CASES_PER_SAMPLE = 12_000;
  private static final Map<Kind, Schema> NETWORKNT =
      SchemaFiles.compile(ReleaseSchemas.of(Releases.MAIN));

  private static final List<String> SAMPLES =
      List.of(
          "vmim-full.yaml",
          "vmim-minimal.yaml",
          "vmim-decentralized.yaml",
          "migrationpolicy-full.yaml",
          "migrationpolicy-minimal.yaml",
          "migrationpolicy-downtime-tuning.yaml");

  /** Values that hit every keyword's edges: types, bounds, the enum, Quantity, date-time. */
  private static final List<JsonNode> VALUES = new ArrayList<>();

  /** Names of real fields, so that an added field is often a known one in the wrong place. */
  private static final List<String> NAMES =
      List.of(
          "spec",
          "metadata",
          "labels",
          "name",
          "vmiName",
          "priority",
          "selectors",
          "bandwidthPerMigration",
          "completionTimeoutPerGiB",
          "allowPostCopy",
          "maxDowntimeMs",
          "stallDetector",
          "stallMargin",
          "steps",
          "compression",
          "creationTimestamp",
          "bogus");

  static {
    for (String text :
        List.of(
            "\"\"",
            "\"abc\"",
            "\"10Mi\"",
            "\"1e3\"",
            "\"1.5Gi\"",
            "\"-1\"",
            "\"1Mi \"",
            "\"1\\n\"",
            "\"none\"",
            "\"zstd\"",
            "\"High\"",
            "\"2026-11-30T10:00:00Z\"",
            "\"2026-11-30T10:00:00.5+01:00\"",
            "\"2026-02-30T10:00:00Z\"",
            "\"2026-11-30\"",
            "0",
            "1",
            "-1",
            "100",
            "101",
            "2000000",
            "2000001",
            "1.0",
            "1.5",
            "1e2",
            "-0.0",
            "9007199254740993",
            "9223372036854775808",
            "1e30",
            "true",
            "false",
            "null",
            "{}",
            "[]",
            "{\"a\":\"b\"}",
            "{\"a\":1}",
            "[\"x\"]",
            "[1]",
            "[{}]")) {
      VALUES.add(SchemaFixtures.json(text));
    }
    VALUES.add(DecimalNode.valueOf(new BigDecimal("5")));
    VALUES.add(DecimalNode.valueOf(new BigDecimal("5.25")));
  }

  /** Every release's schemas compile to an acceptor: no edit may leave the shortcut unused. */
  @Test
  void bothKindsCompileInEveryRelease() {
    for (io.migrationguard.core.release.Release release : Releases.ALL) {
      for (Kind kind : Kind.values()) {
        assertTrue(
            acceptor(ReleaseSchemas.of(release), kind).isPresent(),
            release + " " + kind + ": the shortcut would never be used");
      }
    }
  }

  private static java.util.Optional<SchemaAcceptor> acceptor(ReleaseSchemas schemas, Kind kind) {
    return SchemaAcceptor.compile(SchemaFiles.fileName(kind), schemas::file);
  }

  @Test
  void agreesWithNetworkntOnEditedSamples() {
    SplittableRandom random = new SplittableRandom(20261130L);
    int clean = 0;
    int dirty = 0;
    int leftToNetworknt = 0;
    for (String file : SAMPLES) {
      ObjectNode sample = SchemaFixtures.sample(file);
      Kind kind =
          Kind.ofManifest(sample.get("apiVersion").asText(), sample.get("kind").asText())
              .orElseThrow();
      SchemaAcceptor fast = acceptor(ReleaseSchemas.of(Releases.MAIN), kind).orElseThrow();
      for (int i = 0; i < CASES_PER_SAMPLE; i++) {
        ObjectNode object = sample.deepCopy();
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits; e++) {
          edit(object, random);
        }
        boolean accepted = fast.accepts(object);
        boolean noErrors = NETWORKNT.get(kind).validate(object).isEmpty();
        if (accepted) {
          assertTrue(noErrors, () -> "accepted, but networknt finds errors: " + object);
        }
        if (noErrors && !accepted) {
          assertTrue(hasNonInt64Number(object), () -> "clean, but not accepted: " + object);
          leftToNetworknt++;
        }
        if (noErrors) {
          clean++;
        } else {
          dirty++;
        }
      }
    }
    // Both outcomes must be common, or the comparison says little.
    int total = clean + dirty;
    assertTrue(clean > total / 10, "clean " + clean + " of " + total);
    assertTrue(dirty > total / 10, "dirty " + dirty + " of " + total);
    assertTrue(leftToNetworknt < clean / 20, "left to networknt " + leftToNetworknt);
  }

  /**
   * The engine skips the API server's prunings for an object the acceptor calls clean, and a
   * lighter walk decides for the stored object of an update: on edited samples (nulls, unknown
   * fields, wrong types anywhere), as CREATE and as UPDATE from another edited sample, the
   * decisions and patches are those of an engine that takes no shortcut.
   */
  @Test
  void theEnginesShortcutsChangeNoDecision() {
    JsonSchemaValidator schema = JsonSchemaValidator.load(ReleaseSchemas.of(Releases.MAIN));
    SchemaValidator noShortcut = schema::validate; // accepts() is false: every walk is made
    Settings settings = Settings.defaults().forRelease(Releases.MAIN);
    Engine fast = new Engine(schema, Rules.catalogue(settings), Defaulters.all(), settings);
    Engine slow = new Engine(noShortcut, Rules.catalogue(settings), Defaulters.all(), settings);
    SplittableRandom random = new SplittableRandom(20261201L);
    ClusterView cluster = ClusterView.none();
    for (String file : SAMPLES) {
      ObjectNode sample = SchemaFixtures.sample(file);
      Kind kind =
          Kind.ofManifest(sample.get("apiVersion").asText(), sample.get("kind").asText())
              .orElseThrow();
      for (int i = 0; i < 2_000; i++) {
        ObjectNode object = sample.deepCopy();
        ObjectNode old = sample.deepCopy();
        for (int e = random.nextInt(3); e >= 0; e--) {
          edit(object, random);
        }
        if (random.nextBoolean()) {
          edit(old, random);
        }
        for (Operation op : List.of(Operation.CREATE, Operation.UPDATE)) {
          Review r =
              new Review(
                  kind,
                  op,
                  object,
                  op == Operation.UPDATE ? old : null,
                  null,
                  null,
                  FieldValidation.values()[random.nextInt(3)]);
          Decision a = fast.validate(r, cluster);
          Decision b = slow.validate(r, cluster);
          assertEquals(rendered(b), rendered(a), () -> r.toString());
          assertEquals(b.patch(), a.patch());
          assertEquals(slow.mutate(r).patch(), fast.mutate(r).patch(), () -> r.toString());
        }
      }
    }
  }

  private static List<String> rendered(Decision d) {
    return d.findings().stream()
        .map(f -> f.rule() + " " + f.severity() + " " + f.render())
        .toList();
  }

  @Test
  void quantityPatternAgreesWithTheDialectsRegex() {
    var regex = new BoundedRegexFactory().getRegularExpression(QuantitySyntax.CRD_PATTERN);
    var fast = SchemaAcceptor.pattern(QuantitySyntax.CRD_PATTERN);
    SplittableRandom random = new SplittableRandom(3);
    String alphabet = "0123456789.+-eEiKMGTn \n";
    for (int i = 0; i < 100_000; i++) {
      StringBuilder b = new StringBuilder();
      for (int n = random.nextInt(8); n > 0; n--) {
        b.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String s = b.toString();
      assertEquals(regex.matches(s), fast.matches(s), () -> "\"" + s + "\"");
    }
    String longDigits = "1".repeat(BoundedRegexFactory.MAX_INPUT + 1);
    assertEquals(regex.matches(longDigits), fast.matches(longDigits));
  }

  @Test
  void refusesASchemaWithAForeignKeyword() {
    JsonNode schema =
        SchemaFixtures.json("{\"type\":\"object\",\"oneOf\":[{\"required\":[\"a\"]}]}");
    assertFalse(
        SchemaAcceptor.compile("x.json", f -> f.equals("x.json") ? schema : null).isPresent());
    JsonNode format = SchemaFixtures.json("{\"type\":\"string\",\"format\":\"email\"}");
    assertFalse(
        SchemaAcceptor.compile("x.json", f -> f.equals("x.json") ? format : null).isPresent());
    JsonNode dangling = SchemaFixtures.json("{\"$ref\":\"other.json#/$defs/x\"}");
    assertFalse(
        SchemaAcceptor.compile("x.json", f -> f.equals("x.json") ? dangling : null).isPresent());
  }

  @Test
  void compilesACycleOfReferences() {
    JsonNode tree =
        SchemaFixtures.json(
            "{\"$defs\":{\"t\":{\"type\":\"object\",\"properties\":{\"c\":{\"$ref\":\"#/$defs/t\"}},"
                + "\"additionalProperties\":false}},\"$ref\":\"#/$defs/t\"}");
    SchemaAcceptor fast =
        SchemaAcceptor.compile("t.json", f -> f.equals("t.json") ? tree : null).orElseThrow();
    assertTrue(fast.accepts(SchemaFixtures.json("{\"c\":{\"c\":{}}}")));
    assertFalse(fast.accepts(SchemaFixtures.json("{\"c\":{\"d\":{}}}")));
    assertEquals(false, fast.accepts(SchemaFixtures.json("[]")));
  }

  /** One random edit somewhere in the object: replace, remove, add a field, or grow an array. */
  private static void edit(ObjectNode object, SplittableRandom random) {
    List<ContainerNode<?>> containers = new ArrayList<>();
    collect(object, containers);
    ContainerNode<?> target = containers.get(random.nextInt(containers.size()));
    JsonNode value = VALUES.get(random.nextInt(VALUES.size())).deepCopy();
    if (target instanceof ObjectNode o) {
      List<String> names = new ArrayList<>();
      o.fieldNames().forEachRemaining(names::add);
      int what = random.nextInt(4);
      if (names.isEmpty() || what == 0) {
        o.set(NAMES.get(random.nextInt(NAMES.size())), value);
      } else if (what == 1) {
        o.remove(names.get(random.nextInt(names.size())));
      } else {
        o.set(names.get(random.nextInt(names.size())), value);
      }
    } else if (target instanceof ArrayNode a) {
      if (a.isEmpty() || random.nextBoolean()) {
        a.add(value);
      } else {
        a.set(random.nextInt(a.size()), value);
      }
    }
  }

  private static void collect(JsonNode node, List<ContainerNode<?>> out) {
    if (node instanceof ContainerNode<?> c) {
      out.add(c);
      node.forEach(child -> collect(child, out));
    }
  }

  private static boolean hasNonInt64Number(JsonNode node) {
    if (node.isNumber()) {
      return !node.isIntegralNumber() || !node.canConvertToLong();
    }
    for (JsonNode child : node) {
      if (hasNonInt64Number(child)) {
        return true;
      }
    }
    return false;
  }
}
