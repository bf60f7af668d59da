package io.migrationguard.core.schema;

import static io.migrationguard.core.schema.SchemaFixtures.rendered;
import static io.migrationguard.core.schema.SchemaFixtures.sample;
import static io.migrationguard.core.schema.SchemaFixtures.validate;
import static io.migrationguard.core.schema.SchemaFixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Unknown fields follow fieldValidation: Strict errors, Warn warnings, Ignore nothing. */
class UnknownFieldsTest {

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
    "vmim-full.yaml, /foo, foo",
    "vmim-full.yaml, /spec/foo, spec.foo",
    "vmim-full.yaml, /metadata/foo, metadata.foo",
    "vmim-full.yaml, /metadata/ownerReferences/0/foo, metadata.ownerReferences[0].foo",
    "vmim-full.yaml, /metadata/managedFields/1/foo, metadata.managedFields[1].foo",
    "vmim-decentralized.yaml, /spec/sendTo/foo, spec.sendTo.foo",
    "vmim-full.yaml, /status/foo, status.foo",
    "vmim-full.yaml, /status/conditions/0/foo, status.conditions[0].foo",
    "vmim-full.yaml, /status/migrationState/sourceState/foo, status.migrationState.sourceState.foo",
    "vmim-full.yaml, /status/migrationState/migrationConfiguration/experimental/foo,"
        + " status.migrationState.migrationConfiguration.experimental.foo",
    "migrationpolicy-full.yaml, /spec/selectors/matchLabels, spec.selectors.matchLabels",
    "migrationpolicy-full.yaml, /spec/experimental/stallDetector/foo,"
        + " spec.experimental.stallDetector.foo",
    "migrationpolicy-full.yaml, /status/foo, status.foo"
  })
  void unknownFieldFollowsTheMode(String file, String pointer, String field) {
    Kind kind = file.startsWith("vmim") ? Kind.VMIM : Kind.POLICY;
    ObjectNode object = with(sample(file), pointer, "{\"nested\": [1, {\"deep\": true}]}");

    List<Finding> strict = validate(kind, object, FieldValidation.STRICT);
    assertEquals(List.of(field + ": Forbidden: unknown field"), rendered(strict));
    assertEquals(Severity.ERROR, strict.get(0).severity());
    assertEquals(CauseType.FORBIDDEN, strict.get(0).type());
    assertNull(strict.get(0).badValue());

    List<Finding> warn = validate(kind, object, FieldValidation.WARN);
    assertEquals(1, warn.size());
    assertEquals(Severity.WARNING, warn.get(0).severity());
    assertEquals(CauseType.FORBIDDEN, warn.get(0).type());
    assertEquals(field + ": unknown field, it will be dropped", warn.get(0).warningText());

    assertEquals(List.of(), validate(kind, object, FieldValidation.IGNORE));
  }

  @Test
  void everyUnknownFieldIsReportedOnceInDocumentOrder() {
    ObjectNode object = sample("vmim-minimal.yaml");
    object.put("zeta", 1);
    ((ObjectNode) object.get("spec")).put("beta", 1).put("alpha", 2);
    ((ObjectNode) object.get("metadata")).put("omega", 1);
    List<Finding> findings = validate(Kind.VMIM, object, FieldValidation.WARN);
    assertEquals(
        List.of("metadata.omega", "spec.beta", "spec.alpha", "zeta"),
        findings.stream().map(f -> f.field().toString()).toList());
  }

  @Test
  void unknownFieldsDoNotHideErrorsAndIgnoreKeepsTheErrors() {
    ObjectNode object = with(sample("vmim-minimal.yaml"), "/spec/foo", "1");
    object = with(object, "/spec/vmiName", "1");
    assertEquals(
        List.of(
            "spec.vmiName: Invalid value: \"integer\": spec.vmiName in body must be of type"
                + " string: \"integer\""),
        rendered(validate(Kind.VMIM, object, FieldValidation.IGNORE)));
    List<Finding> warn = validate(Kind.VMIM, object, FieldValidation.WARN);
    assertEquals(
        List.of(Severity.ERROR, Severity.WARNING), warn.stream().map(Finding::severity).toList());
  }

  @Test
  void mapEntriesAreNeverUnknownFields() {
    ObjectNode object =
        with(sample("vmim-full.yaml"), "/metadata/labels/anything.example.com~1key", "\"v\"");
    object = with(object, "/metadata/managedFields/0/fieldsV1/f:anything", "{\"x\": [1]}");
    assertEquals(List.of(), validate(Kind.VMIM, object, FieldValidation.STRICT));
  }
}
