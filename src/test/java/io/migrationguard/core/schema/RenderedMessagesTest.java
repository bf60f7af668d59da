package io.migrationguard.core.schema;

import static io.migrationguard.core.schema.SchemaFixtures.json;
import static io.migrationguard.core.schema.SchemaFixtures.rendered;
import static io.migrationguard.core.schema.SchemaFixtures.validate;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Exact messages, as the API server renders CRD schema violations, and their order: the order of
 * the object, one finding per problem.
 */
class RenderedMessagesTest {

  @Test
  void policyWithOneOfEveryKindOfProblem() {
    String policy =
        """
        {"apiVersion": "migrations.kubevirt.io/v1alpha1", "kind": "MigrationPolicy",
         "metadata": {"name": "p", "labels": {"team": 7}},
         "spec": {
           "bandwidthPerMigration": "1 Gi",
           "completionTimeoutPerGiB": "800",
           "maxDowntimeMs": 0,
           "experimental": {"compression": "gzip", "downtimeTuning": {"steps": 0},
                            "stallDetector": {"stallMargin": 101, "ewmaAlpha": 0.5}},
           "allowPostCopy": "true",
           "colour": "blue"
         }}
        """;
    List<Finding> findings = validate(Kind.POLICY, json(policy), FieldValidation.STRICT);
    assertEquals(
        List.of(
            "metadata.labels[team]: Invalid value: \"integer\": metadata.labels[team] in body must"
                + " be of type string: \"integer\"",
            "spec.bandwidthPerMigration: Invalid value: \"1 Gi\": spec.bandwidthPerMigration in"
                + " body should match '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|"
                + "[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$'",
            "spec.completionTimeoutPerGiB: Invalid value: \"string\":"
                + " spec.completionTimeoutPerGiB in body must be of type integer: \"string\"",
            "spec.maxDowntimeMs: Invalid value: 0: spec.maxDowntimeMs in body should be greater"
                + " than or equal to 1",
            "spec.experimental.compression: Unsupported value: \"gzip\": supported values:"
                + " \"none\", \"zstd\"",
            "spec.experimental.downtimeTuning.steps: Invalid value: 0:"
                + " spec.experimental.downtimeTuning.steps in body should be greater than or equal"
                + " to 1",
            "spec.experimental.stallDetector.stallMargin: Invalid value: 101:"
                + " spec.experimental.stallDetector.stallMargin in body should be less than or"
                + " equal to 100",
            "spec.experimental.stallDetector.ewmaAlpha: Invalid value: \"number\":"
                + " spec.experimental.stallDetector.ewmaAlpha in body must be of type"
                + " integer,string: \"number\"",
            "spec.allowPostCopy: Invalid value: \"string\": spec.allowPostCopy in body must be of"
                + " type boolean: \"string\"",
            "spec.colour: Forbidden: unknown field",
            "spec.selectors: Required value"),
        rendered(findings));
  }

  @Test
  void causeWireNamesAreTheKubernetesOnes() {
    String vmim =
        """
        {"spec": {"sendTo": {"connectURL": "x"}, "priority": true},
         "status": {"conditions": [{"type": "Ready", "status": "True",
                                    "lastTransitionTime": "then"}]}}
        """;
    List<Finding> findings = validate(Kind.VMIM, json(vmim), FieldValidation.STRICT);
    assertEquals(
        List.of(
            "spec.sendTo.migrationID FieldValueRequired Required value",
            "spec.priority FieldValueTypeInvalid Invalid value: \"boolean\": spec.priority in body"
                + " must be of type string: \"boolean\"",
            "status.conditions[0].lastTransitionTime FieldValueTypeInvalid Invalid value:"
                + " \"then\": status.conditions[0].lastTransitionTime in body must be of type"
                + " date-time: \"then\""),
        findings.stream()
            .map(f -> f.field() + " " + f.type().wireName() + " " + f.body())
            .toList());
  }

  @Test
  void warningTextOfAnUnknownField() {
    List<Finding> findings =
        validate(
            Kind.VMIM, json("{\"spec\": {\"vmiName\": \"a\", \"foo\": 1}}"), FieldValidation.WARN);
    assertEquals(
        List.of("spec.foo: unknown field, it will be dropped"),
        findings.stream().map(Finding::warningText).toList());
  }

  @Test
  void intOrStringGivenABooleanIsOneFinding() {
    List<Finding> findings =
        validate(
            Kind.POLICY,
            json("{\"spec\": {\"selectors\": {}, \"bandwidthPerMigration\": false}}"),
            FieldValidation.STRICT);
    assertEquals(
        List.of(
            "spec.bandwidthPerMigration: Invalid value: \"boolean\": spec.bandwidthPerMigration in"
                + " body must be of type integer,string: \"boolean\""),
        rendered(findings));
  }

  @Test
  void enumGivenANumberIsOnlyATypeError() {
    List<Finding> findings =
        validate(
            Kind.POLICY,
            json("{\"spec\": {\"selectors\": {}, \"experimental\": {\"compression\": 1}}}"),
            FieldValidation.STRICT);
    assertEquals(
        List.of(
            "spec.experimental.compression: Invalid value: \"integer\":"
                + " spec.experimental.compression in body must be of type string: \"integer\""),
        rendered(findings));
  }

  @Test
  void sameObjectSameFindings() {
    String text = "{\"spec\": {\"b\": 1, \"a\": 2, \"selectors\": {\"x\": 1, \"y\": {}}}}";
    List<String> first = rendered(validate(Kind.POLICY, json(text)));
    for (int i = 0; i < 5; i++) {
      assertEquals(first, rendered(validate(Kind.POLICY, json(text))));
    }
    assertEquals(
        List.of(
            "spec.b: Forbidden: unknown field",
            "spec.a: Forbidden: unknown field",
            "spec.selectors.x: Forbidden: unknown field",
            "spec.selectors.y: Forbidden: unknown field"),
        first);
  }
}
