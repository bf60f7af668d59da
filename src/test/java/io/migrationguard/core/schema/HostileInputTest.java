package io.migrationguard.core.schema;

import static io.migrationguard.core.schema.SchemaFixtures.sample;
import static io.migrationguard.core.schema.SchemaFixtures.validate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.regex.RegularExpression;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.release.Releases;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Inputs built to hurt: huge strings, huge numbers, deep nesting. The timeouts are hang guards
 * (catastrophic backtracking would take seconds to hours), not speed measurements.
 */
class HostileInputTest {
  private static final Duration HANG = Duration.ofSeconds(10);
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private static <T> T guarded(Supplier<T> run) {
    return assertTimeoutPreemptively(HANG, run::get);
  }

  private static ObjectNode policyWith(String field, JsonNode value) {
    ObjectNode policy = sample("migrationpolicy-minimal.yaml");
    ((ObjectNode) policy.get("spec")).set(field, value);
    return policy;
  }

  @Test
  void hundredThousandDigitQuantityIsRejectedByThePatternGuard() {
    String digits = "9".repeat(100_000);
    List<Finding> findings =
        guarded(
            () ->
                validate(Kind.POLICY, policyWith("bandwidthPerMigration", NODES.textNode(digits))));
    assertEquals(1, findings.size());
    Finding f = findings.get(0);
    assertEquals("spec.bandwidthPerMigration", f.field().toString());
    assertEquals(CauseType.INVALID, f.type());
    assertTrue(f.detail().startsWith("spec.bandwidthPerMigration in body should match '^(\\+|-)?"));
    // The bad value is shown cut, with its length, so the reply stays small.
    assertTrue(
        f.render()
            .startsWith(
                "spec.bandwidthPerMigration: Invalid value: \""
                    + "9".repeat(64)
                    + "...\" (100000 characters): "),
        f.render());
    assertTrue(f.render().length() < 400, f.render());
  }

  @Test
  void tenMegabyteStringsAreAnsweredWithoutScanningThemTwice() {
    String huge = "x".repeat(10 * 1024 * 1024);
    ObjectNode vmim = sample("vmim-full.yaml");
    ((ObjectNode) vmim.get("spec")).put("vmiName", huge);
    assertEquals(List.of(), guarded(() -> validate(Kind.VMIM, vmim)));

    ObjectNode status = (ObjectNode) vmim.at("/status/migrationState");
    status.put("targetMemoryOverhead", "1".repeat(10 * 1024 * 1024));
    status.put("startTimestamp", "2025-03-14T09:27:03." + "1".repeat(10 * 1024 * 1024) + "x");
    List<Finding> findings = guarded(() -> validate(Kind.VMIM, vmim));
    assertEquals(
        List.of(
            "status.migrationState.startTimestamp", "status.migrationState.targetMemoryOverhead"),
        findings.stream().map(f -> f.field().toString()).toList());
    for (Finding f : findings) {
      assertTrue(f.render().length() < 400, f.render().substring(0, 200));
    }
  }

  @Test
  void hugeNumbersAreTypeErrorsNotArithmetic() {
    JsonNode big = NODES.numberNode(new java.math.BigInteger("9".repeat(100_000)));
    JsonNode tiny = NODES.numberNode(new java.math.BigDecimal("1e-999999999"));
    JsonNode vast = NODES.numberNode(new java.math.BigDecimal("1e999999999"));
    for (JsonNode n : List.of(big, tiny, vast)) {
      List<Finding> findings = guarded(() -> validate(Kind.POLICY, policyWith("maxDowntimeMs", n)));
      assertEquals(1, findings.size());
      assertEquals(CauseType.TYPE_INVALID, findings.get(0).type());
      assertEquals("\"number\"", Finding.renderValue(findings.get(0).badValue()));
    }
  }

  @Test
  void deepNestingInsideAnUnknownFieldIsNotWalked() {
    ObjectNode deep = NODES.objectNode();
    ObjectNode cursor = deep;
    for (int i = 0; i < 200_000; i++) {
      cursor = cursor.putObject("d");
    }
    ObjectNode vmim = sample("vmim-minimal.yaml");
    ((ObjectNode) vmim.get("spec")).set("foo", deep);
    ((ObjectNode) vmim.get("metadata")).set("bar", deep);
    vmim.set("baz", deep);
    for (FieldValidation mode : FieldValidation.values()) {
      List<Finding> findings = guarded(() -> validate(Kind.VMIM, vmim, mode));
      assertEquals(mode == FieldValidation.IGNORE ? 0 : 3, findings.size(), mode.name());
    }
    // Free-form and map values are not walked either.
    ObjectNode full = sample("vmim-full.yaml");
    ((ObjectNode) full.at("/metadata/managedFields/0")).set("fieldsV1", deep);
    ((ObjectNode) full.at("/metadata/labels")).set("deep", deep);
    List<Finding> findings = guarded(() -> validate(Kind.VMIM, full));
    assertEquals(
        List.of("metadata.labels[deep]"),
        findings.stream().map(f -> f.field().toString()).toList());
  }

  @Test
  void manyUnknownFieldsAreOneFindingEachUpToTheBoundThenCounted() {
    ObjectNode vmim = sample("vmim-minimal.yaml");
    ObjectNode spec = (ObjectNode) vmim.get("spec");
    for (int i = 0; i < 20_000; i++) {
      spec.put("f" + i, i);
    }
    SchemaValidator.Result result =
        guarded(
            () ->
                JsonSchemaValidator.load(ReleaseSchemas.of(Releases.MAIN))
                    .check(Kind.VMIM, vmim, FieldValidation.WARN));
    List<Finding> findings = result.findings();
    assertEquals(BoundedErrors.CAPACITY, findings.size());
    assertEquals(0, result.omittedErrors());
    assertEquals(20_000 - BoundedErrors.CAPACITY, result.omittedWarnings());
    assertEquals("spec.f0", findings.get(0).field().toString());
    assertEquals("spec.f999", findings.get(999).field().toString());
  }

  @Test
  void patternGuardRefusesLongInputWithoutRunningTheRegex() {
    RegularExpression digits = new BoundedRegexFactory().getRegularExpression("^[0-9]+$");
    assertTrue(digits.matches("1".repeat(BoundedRegexFactory.MAX_INPUT)));
    assertFalse(assertTimeoutPreemptively(HANG, () -> digits.matches("1".repeat(50_000_000))));
    // Without the guard java.util.regex needs seconds on such input (it backtracks on failure).
    RegularExpression quantity =
        new BoundedRegexFactory()
            .getRegularExpression(
                "^(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))([eE](([0-9]+(\\.[0-9]*)?)))?$");
    assertFalse(
        assertTimeoutPreemptively(
            HANG,
            () ->
                quantity.matches(
                    "1." + "2".repeat(5_000_000) + "e" + "3".repeat(5_000_000) + "x")));
  }
}
