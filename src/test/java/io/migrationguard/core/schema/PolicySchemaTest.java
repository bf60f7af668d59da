package io.migrationguard.core.schema;

import static io.migrationguard.core.schema.SchemaFixtures.rendered;
import static io.migrationguard.core.schema.SchemaFixtures.sample;
import static io.migrationguard.core.schema.SchemaFixtures.validate;
import static io.migrationguard.core.schema.SchemaFixtures.with;
import static io.migrationguard.core.schema.SchemaFixtures.without;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every MigrationPolicy constraint of the schema of docs/decisions.md#design-decisions, accepted
 * and rejected.
 */
class PolicySchemaTest {
  private static final ObjectNode BASE = sample("migrationpolicy-minimal.yaml");

  private static List<Finding> check(String pointer, String value) {
    return validate(Kind.POLICY, with(BASE, pointer, value));
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/spec/completionTimeoutPerGiB | 0",
        "/spec/completionTimeoutPerGiB | -5",
        "/spec/completionTimeoutPerGiB | 9223372036854775807",
        "/spec/completionTimeoutPerGiB | 150.0",
        "/spec/maxDowntimeMs | 1",
        "/spec/maxDowntimeMs | 2000000",
        "/spec/maxDowntimeMs | 900.0",
        "/spec/experimental/compression | \"none\"",
        "/spec/experimental/compression | \"zstd\"",
        "/spec/experimental/downtimeTuning/initialMs | 1",
        "/spec/experimental/downtimeTuning/steps | 7",
        "/spec/experimental/downtimeTuning/startAfterIteration | 1",
        "/spec/experimental/downtimeTuning/cooldownSeconds | 86400",
        "/spec/experimental/stallDetector/stallMargin | 0",
        "/spec/experimental/stallDetector/stallMargin | 100",
        "/spec/experimental/stallDetector/stallProgressTimeout | 0",
        "/spec/experimental/stallDetector/switchoverTimeout | 0",
        "/spec/experimental/stallDetector/searchLocalMinima | false",
        "/spec/allowPostCopy | true",
        "/spec/allowWorkloadDisruption | false",
        "/spec/selectors/namespaceSelector | {}",
        "/spec/selectors/namespaceSelector | {\"a\": \"\"}",
        "/spec/selectors/virtualMachineInstanceSelector | {\"kubevirt.io/os\": \"rhel\"}",
        "/spec/selectors | {}",
        "/status | {}"
      })
  void accepts(String pointer, String value) {
    assertEquals(List.of(), rendered(check(pointer, value)));
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/spec/maxDowntimeMs | 0 | INVALID | should be greater than or equal to 1",
        "/spec/maxDowntimeMs | -1 | INVALID | should be greater than or equal to 1",
        "/spec/maxDowntimeMs | 2000001 | INVALID | should be less than or equal to 2000000",
        "/spec/maxDowntimeMs | \"500\" | TYPE_INVALID | must be of type integer: \"string\"",
        "/spec/maxDowntimeMs | 1.5 | TYPE_INVALID | must be of type integer: \"number\"",
        "/spec/completionTimeoutPerGiB | 1.5 | TYPE_INVALID | must be of type integer: \"number\"",
        "/spec/completionTimeoutPerGiB | 9223372036854775808 | TYPE_INVALID | must be of type integer: \"number\"",
        "/spec/completionTimeoutPerGiB | 1e30 | TYPE_INVALID | must be of type integer: \"number\"",
        "/spec/completionTimeoutPerGiB | \"150\" | TYPE_INVALID | must be of type integer: \"string\"",
        "/spec/experimental/compression | \"gzip\" | NOT_SUPPORTED | supported values: \"none\", \"zstd\"",
        "/spec/experimental/compression | \"ZSTD\" | NOT_SUPPORTED | supported values: \"none\", \"zstd\"",
        "/spec/experimental/compression | \"\" | NOT_SUPPORTED | supported values: \"none\", \"zstd\"",
        "/spec/experimental/downtimeTuning/initialMs | 0 | INVALID | should be greater than or equal to 1",
        "/spec/experimental/downtimeTuning/steps | 0 | INVALID | should be greater than or equal to 1",
        "/spec/experimental/downtimeTuning/startAfterIteration | 0 | INVALID | should be greater than or equal to 1",
        "/spec/experimental/downtimeTuning/cooldownSeconds | -3 | INVALID | should be greater than or equal to 1",
        "/spec/experimental/stallDetector/stallMargin | -1 | INVALID | should be greater than or equal to 0",
        "/spec/experimental/stallDetector/stallMargin | 101 | INVALID | should be less than or equal to 100",
        "/spec/experimental/stallDetector/stallProgressTimeout | -1 | INVALID | should be greater than or equal to 0",
        "/spec/experimental/stallDetector/switchoverTimeout | -1 | INVALID | should be greater than or equal to 0",
        "/spec/experimental/stallDetector/searchLocalMinima | \"true\" | TYPE_INVALID | must be of type boolean: \"string\"",
        "/spec/allowAutoConverge | 1 | TYPE_INVALID | must be of type boolean: \"integer\"",
        "/spec/selectors | [] | TYPE_INVALID | must be of type object: \"array\"",
        "/spec/selectors/namespaceSelector | \"team=db\" | TYPE_INVALID | must be of type object: \"string\""
      })
  void rejects(String pointer, String value, CauseType type, String detailEnd) {
    List<Finding> findings = check(pointer, value);
    assertEquals(1, findings.size(), () -> rendered(findings).toString());
    Finding f = findings.get(0);
    String field = pointer.substring(1).replace('/', '.');
    assertEquals(field, f.field().toString());
    assertEquals(type, f.type());
    assertEquals(SchemaValidator.RULE_ID, f.rule());
    assertEquals(true, f.detail().endsWith(detailEnd), f.detail());
  }

  @Test
  void selectorsAreMapsOfStringNotLabelSelectors() {
    List<Finding> findings =
        check("/spec/selectors/namespaceSelector", "{\"matchLabels\": {\"team\": \"db\"}}");
    assertEquals(
        List.of(
            "spec.selectors.namespaceSelector[matchLabels]: Invalid value: \"object\": "
                + "spec.selectors.namespaceSelector[matchLabels] in body must be of type string:"
                + " \"object\""),
        rendered(findings));
  }

  @Test
  void mapValueOfWrongTypeIsATypeErrorNotAnUnknownField() {
    List<Finding> findings =
        check("/spec/selectors/virtualMachineInstanceSelector", "{\"a\": \"x\", \"b\": 1}");
    assertEquals(1, findings.size());
    assertEquals(
        "spec.selectors.virtualMachineInstanceSelector[b]", findings.get(0).field().toString());
    assertEquals(CauseType.TYPE_INVALID, findings.get(0).type());
  }

  @Test
  void specAndSelectorsAreRequiredAtTheirOwnPath() {
    assertEquals(
        List.of("spec: Required value"), rendered(validate(Kind.POLICY, without(BASE, "/spec"))));
    assertEquals(
        List.of("spec.selectors: Required value"),
        rendered(validate(Kind.POLICY, without(BASE, "/spec/selectors"))));
  }

  @Test
  void statusHasNoFields() {
    List<Finding> findings = check("/status", "{\"phase\": \"x\"}");
    assertEquals(List.of("status.phase: Forbidden: unknown field"), rendered(findings));
  }
}
