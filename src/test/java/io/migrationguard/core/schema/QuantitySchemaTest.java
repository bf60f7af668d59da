package io.migrationguard.core.schema;

import static io.migrationguard.core.schema.SchemaFixtures.rendered;
import static io.migrationguard.core.schema.SchemaFixtures.sample;
import static io.migrationguard.core.schema.SchemaFixtures.validate;
import static io.migrationguard.core.schema.SchemaFixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Quantity field of both kinds is an integer or a string matching the CRD pattern. The Go
 * grammar is not checked here: {@code 1e1.5} passes the pattern and is the rules' business.
 */
class QuantitySchemaTest {
  private static final String PATTERN =
      "^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?"
          + "(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$";

  private static final String SD = "/spec/experimental/stallDetector/";
  private static final String MC = "/status/migrationState/migrationConfiguration/";

  static Stream<Arguments> fields() {
    return Stream.of(
        Arguments.of(Kind.POLICY, "/spec/bandwidthPerMigration"),
        Arguments.of(Kind.POLICY, SD + "ewmaAlpha"),
        Arguments.of(Kind.POLICY, SD + "precopyPossibleFactor"),
        Arguments.of(Kind.POLICY, SD + "patienceWindowDecayFactor"),
        Arguments.of(Kind.POLICY, SD + "completionTimeoutFactor"),
        Arguments.of(Kind.VMIM, MC + "bandwidthPerMigration"),
        Arguments.of(Kind.VMIM, "/status/migrationState/targetMemoryOverhead"),
        Arguments.of(Kind.VMIM, MC + "experimental/stallDetector/ewmaAlpha"),
        Arguments.of(Kind.VMIM, MC + "experimental/stallDetector/precopyPossibleFactor"),
        Arguments.of(Kind.VMIM, MC + "experimental/stallDetector/patienceWindowDecayFactor"),
        Arguments.of(Kind.VMIM, MC + "experimental/stallDetector/completionTimeoutFactor"));
  }

  private static final List<String> VALID =
      List.of(
          "0",
          "5",
          "-3",
          "9223372036854775807",
          "2.0",
          "\"0\"",
          "\"1Gi\"",
          "\"1.5Gi\"",
          "\"500m\"",
          "\".5\"",
          "\"1.\"",
          "\"+1\"",
          "\"-1m\"",
          "\"1e3\"",
          "\"1E-3\"",
          "\"1e1.5\"",
          "\"1.0E\"",
          "\"1" + "0".repeat(1000) + "\"");

  private static final List<String> BAD_PATTERN =
      List.of(
          "\"\"",
          "\"1 Gi\"",
          "\" 1\"",
          "\"1\\n\"",
          "\"1K\"",
          "\"1KI\"",
          "\"Ki\"",
          "\".\"",
          "\"+\"",
          "\"1e\"",
          "\"--1\"",
          "\"1Kib\"",
          "\"aoeu\"");

  private static final ObjectNode VMIM = sample("vmim-full.yaml");
  private static final ObjectNode POLICY = sample("migrationpolicy-full.yaml");

  /** The full sample of the kind; {@code with} copies it, so it is never modified. */
  private static ObjectNode base(Kind kind) {
    return kind == Kind.VMIM ? VMIM : POLICY;
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("fields")
  void acceptsIntegersAndPatternStrings(Kind kind, String pointer) {
    for (String value : VALID) {
      List<Finding> findings = validate(kind, with(base(kind), pointer, value));
      assertEquals(List.of(), rendered(findings), value);
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("fields")
  void rejectsStringsOutsideThePattern(Kind kind, String pointer) {
    String field = pointer.substring(1).replace('/', '.');
    for (String value : BAD_PATTERN) {
      List<Finding> findings = validate(kind, with(base(kind), pointer, value));
      assertEquals(1, findings.size(), value);
      Finding f = findings.get(0);
      assertEquals(field, f.field().toString());
      assertEquals(CauseType.INVALID, f.type());
      assertEquals(field + " in body should match '" + PATTERN + "'", f.detail());
      assertEquals(SchemaFixtures.json(value), f.badValue());
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("fields")
  void rejectsFractionsAndOtherTypesWithOneTypeError(Kind kind, String pointer) {
    String field = pointer.substring(1).replace('/', '.');
    String[][] cases = {
      {"1.5", "number"}, {"0.001", "number"}, {"1e30", "number"}, {"9223372036854775808", "number"},
      {"true", "boolean"}, {"{}", "object"}, {"[\"1\"]", "array"}, {"null", "null"}
    };
    for (String[] c : cases) {
      List<Finding> findings = validate(kind, with(base(kind), pointer, c[0]));
      assertEquals(
          List.of(
              field
                  + ": Invalid value: \""
                  + c[1]
                  + "\": "
                  + field
                  + " in body must be of type integer,string: \""
                  + c[1]
                  + "\""),
          rendered(findings),
          c[0]);
      assertEquals(CauseType.TYPE_INVALID, findings.get(0).type());
    }
  }
}
