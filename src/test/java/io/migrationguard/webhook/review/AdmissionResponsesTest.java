package io.migrationguard.webhook.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** docs/webhook.md#endpoints on synthetic findings, independent of the rule catalogue. */
class AdmissionResponsesTest {
  private static Finding error(String rule, String path, String value, String detail) {
    return new Finding(
        rule,
        Severity.ERROR,
        CauseType.INVALID,
        FieldPath.of(path.split("\\.")),
        JsonNodeFactory.instance.textNode(value),
        detail);
  }

  private static Finding warning(String rule, String path, String detail) {
    return new Finding(
        rule, Severity.WARNING, CauseType.INVALID, FieldPath.of(path.split("\\.")), null, detail);
  }

  private static Decision decision(List<Finding> findings, List<String> unavailable) {
    return new Decision(findings, List.of(), unavailable, List.of());
  }

  @Test
  void denialListsTheFirstTenAndCountsTheRest() {
    List<Finding> errors = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      errors.add(error("rule-" + (i % 2), "spec.f" + i, "v" + i, "bad"));
    }
    AdmissionResponse v =
        AdmissionResponses.validation(Kind.POLICY, "p", decision(errors, List.of()));
    assertFalse(v.allowed());
    assertEquals(422, v.status().code());
    assertEquals("Invalid", v.status().reason());
    String expected =
        "MigrationPolicy \"p\" is invalid: spec.f0: Invalid value: \"v0\": bad, "
            + "spec.f1: Invalid value: \"v1\": bad, spec.f2: Invalid value: \"v2\": bad, "
            + "spec.f3: Invalid value: \"v3\": bad, spec.f4: Invalid value: \"v4\": bad, "
            + "spec.f5: Invalid value: \"v5\": bad, spec.f6: Invalid value: \"v6\": bad, "
            + "spec.f7: Invalid value: \"v7\": bad, spec.f8: Invalid value: \"v8\": bad, "
            + "spec.f9: Invalid value: \"v9\": bad, and 2 more validation errors";
    assertEquals(expected, v.status().message());
    AdmissionResponse.Details d = v.status().details();
    assertEquals("p", d.name());
    assertEquals("migrations.kubevirt.io", d.group());
    assertEquals("MigrationPolicy", d.kind());
    assertEquals(10, d.causes().size());
    assertEquals(
        new AdmissionResponse.Cause("FieldValueInvalid", "Invalid value: \"v0\": bad", "spec.f0"),
        d.causes().get(0));
    assertEquals(Map.of("rules", "rule-0,rule-1"), v.auditAnnotations());
  }

  @Test
  void exactlyTenErrorsHaveNoTail() {
    List<Finding> errors = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      errors.add(error("r", "spec.f" + i, "v", "bad"));
    }
    String m =
        AdmissionResponses.validation(Kind.VMIM, "m", decision(errors, List.of()))
            .status()
            .message();
    assertFalse(m.contains("more validation errors"), m);
  }

  @Test
  void warningsAreAllowedShortAndPrintable() {
    Finding w = warning("policy-selectors-empty", "spec.selectors", "x".repeat(300) + "\nend");
    AdmissionResponse v =
        AdmissionResponses.validation(Kind.POLICY, "p", decision(List.of(w), List.of()));
    assertTrue(v.allowed());
    assertNull(v.status());
    String text = v.warnings().get(0);
    assertEquals(AdmissionResponses.MAX_WARNING_CHARS, text.length());
    assertTrue(text.startsWith("spec.selectors: xxx"));
    assertTrue(text.endsWith("..."));
    assertEquals(Map.of("rules", "policy-selectors-empty"), v.auditAnnotations());
    Finding nl = warning("r", "spec.a", "line\nbreak");
    assertEquals(
        "spec.a: line break",
        AdmissionResponses.validation(Kind.POLICY, "p", decision(List.of(nl), List.of()))
            .warnings()
            .get(0));
  }

  @Test
  void unavailableLookupIsA503NamingIt() {
    AdmissionResponse v =
        AdmissionResponses.validation(
            Kind.VMIM,
            "m",
            decision(
                List.of(error("vmim-vmi-name-format", "spec.vmiName", "A", "bad")),
                List.of("vmim-vmi-migratable: could not look up VirtualMachineInstance: timeout")));
    assertFalse(v.allowed());
    assertEquals(503, v.status().code());
    assertEquals("ServiceUnavailable", v.status().reason());
    assertEquals(
        "VirtualMachineInstanceMigration \"m\" could not be checked: vmim-vmi-migratable: could not"
            + " look up VirtualMachineInstance: timeout; it is also invalid: spec.vmiName: Invalid"
            + " value: \"A\": bad",
        v.status().message());
    assertEquals(1, v.status().details().causes().size());
  }

  @Test
  void nothingFoundIsAllowedWithNothingElse() {
    AdmissionResponse v =
        AdmissionResponses.validation(Kind.VMIM, "m", decision(List.of(), List.of()));
    assertEquals(AdmissionResponse.allow(), v);
  }
}
