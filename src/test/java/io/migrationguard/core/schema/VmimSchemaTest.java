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

/** VirtualMachineInstanceMigration: required fields at their own path, types, ObjectMeta. */
class VmimSchemaTest {
  private static final ObjectNode FULL = sample("vmim-full.yaml");
  private static final ObjectNode DECENTRALIZED = sample("vmim-decentralized.yaml");

  @ParameterizedTest(name = "{1} missing")
  @CsvSource({
    "vmim-minimal.yaml, /spec",
    "vmim-decentralized.yaml, /spec/sendTo/connectURL",
    "vmim-decentralized.yaml, /spec/sendTo/migrationID",
    "vmim-decentralized.yaml, /spec/receive/migrationID",
    "vmim-full.yaml, /status/conditions/0/status",
    "vmim-full.yaml, /status/conditions/0/type",
    "vmim-full.yaml, /metadata/ownerReferences/0/apiVersion",
    "vmim-full.yaml, /metadata/ownerReferences/0/kind",
    "vmim-full.yaml, /metadata/ownerReferences/0/name",
    "vmim-full.yaml, /metadata/ownerReferences/0/uid"
  })
  void requiredFieldIsReportedAtItsOwnPath(String file, String pointer) {
    List<Finding> findings = validate(Kind.VMIM, without(sample(file), pointer));
    String field = pointer.substring(1).replace('/', '.').replaceAll("\\.(\\d+)", "[$1]");
    assertEquals(List.of(field + ": Required value"), rendered(findings));
    assertEquals(CauseType.REQUIRED, findings.get(0).type());
  }

  @Test
  void requiredFieldsApplyOnlyWhenTheirParentIsPresent() {
    assertEquals(List.of(), validate(Kind.VMIM, without(DECENTRALIZED, "/spec/sendTo")));
    assertEquals(
        List.of(),
        validate(Kind.VMIM, with(DECENTRALIZED, "/spec/receive", "{\"migrationID\": \"\"}")));
    assertEquals(
        List.of(
            "spec.sendTo.connectURL: Required value", "spec.sendTo.migrationID: Required value"),
        rendered(validate(Kind.VMIM, with(DECENTRALIZED, "/spec/sendTo", "{}"))));
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/metadata/creationTimestamp | null",
        "/status/conditions/0/lastProbeTime | null",
        "/status/conditions/0/lastTransitionTime | null",
        "/status/migrationState/startTimestamp | null",
        "/status/migrationState/endTimestamp | null",
        "/status/conditions/0/lastProbeTime | \"2025-03-14T09:27:41.123456789+02:00\"",
        "/status/migrationState/endTimestamp | \"2024-02-29T23:59:59z\"",
        "/metadata/labels | {}",
        "/metadata/finalizers | []",
        "/metadata/managedFields/0/fieldsV1 | {\"f:spec\": {\"f:x\": {\"any\": [1, true, null]}}}",
        "/spec/priority | \"anything\"",
        "/spec/vmiName | \"\"",
        "/status/migrationState/targetCPUSet | []",
        "/status/migrationState/targetDirectMigrationNodePorts | {\"1234\": 0}",
        "/metadata/generation | 3.0"
      })
  void accepts(String pointer, String value) {
    assertEquals(List.of(), rendered(validate(Kind.VMIM, with(FULL, pointer, value))));
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/spec | \"x\" | spec | object: \"string\"",
        "/spec/vmiName | 5 | spec.vmiName | string: \"integer\"",
        "/spec/priority | 1.5 | spec.priority | string: \"number\"",
        "/spec/addedNodeSelector | {\"zone\": true} | spec.addedNodeSelector[zone] | string: \"boolean\"",
        "/metadata/labels/app | 1 | metadata.labels[app] | string: \"integer\"",
        "/metadata/annotations/note | {} | metadata.annotations[note] | string: \"object\"",
        "/metadata/finalizers/0 | 7 | metadata.finalizers[0] | string: \"integer\"",
        "/metadata/name | null | metadata.name | string: \"null\"",
        "/metadata/deletionTimestamp | null | metadata.deletionTimestamp | string: \"null\"",
        "/metadata/generation | \"1\" | metadata.generation | integer: \"string\"",
        "/metadata/ownerReferences/0/controller | \"yes\" | metadata.ownerReferences[0].controller | boolean: \"string\"",
        "/status/conditions/0/type | 1 | status.conditions[0].type | string: \"integer\"",
        "/status/conditions | {} | status.conditions | array: \"object\"",
        "/status | null | status | object: \"null\"",
        "/status/migrationState/targetCPUSet/1 | \"3\" | status.migrationState.targetCPUSet[1] | integer: \"string\"",
        "/status/synchronizationAddresses | \"10.0.0.1:9185\" | status.synchronizationAddresses | array: \"string\""
      })
  void rejectsWrongTypes(String pointer, String value, String field, String typeEnd) {
    List<Finding> findings = validate(Kind.VMIM, with(FULL, pointer, value));
    assertEquals(1, findings.size(), () -> rendered(findings).toString());
    Finding f = findings.get(0);
    assertEquals(field, f.field().toString());
    assertEquals(CauseType.TYPE_INVALID, f.type());
    assertEquals(field + " in body must be of type " + typeEnd, f.detail());
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/metadata/creationTimestamp | 2025-03-14 09:26:53",
        "/metadata/deletionTimestamp | 2025-03-14",
        "/metadata/managedFields/0/time | 2025-02-30T00:00:00Z",
        "/status/conditions/0/lastTransitionTime | 2025-03-14T24:00:00Z",
        "/status/conditions/0/lastProbeTime | 2025-03-14T09:27:41",
        "/status/migrationState/startTimestamp | 2025-03-14T09:60:00Z",
        "/status/migrationState/endTimestamp | 2016-12-31T23:59:60Z",
        "/status/migrationState/targetNodeDomainReadyTimestamp | 2025-03-14T09:27:41.Z",
        "/status/migrationState/targetState/domainReadyTimestamp | 2025-03-14T09:27:41+2:00",
        "/status/phaseTransitionTimestamps/2/phaseTransitionTimestamp | yesterday"
      })
  void rejectsBadDateTimes(String pointer, String value) {
    String json = SchemaFixtures.JSON.getNodeFactory().textNode(value).toString();
    List<Finding> findings = validate(Kind.VMIM, with(FULL, pointer, json));
    String field = pointer.substring(1).replace('/', '.').replaceAll("\\.(\\d+)", "[$1]");
    assertEquals(
        List.of(
            field
                + ": Invalid value: \""
                + value
                + "\": "
                + field
                + " in body must be of type date-time: \""
                + value
                + "\""),
        rendered(findings));
    assertEquals(CauseType.TYPE_INVALID, findings.get(0).type());
  }

  @Test
  void aWrongTypeHidesTheValueChecksOfTheSameField() {
    ObjectNode bad = with(FULL, "/metadata/creationTimestamp", "20250314");
    assertEquals(
        List.of(
            "metadata.creationTimestamp: Invalid value: \"integer\": metadata.creationTimestamp"
                + " in body must be of type string: \"integer\""),
        rendered(validate(Kind.VMIM, bad)));
  }

  @Test
  void anObjectThatIsNotAnObjectIsOneTypeError() {
    assertEquals(
        List.of("Invalid value: \"array\": body must be of type object: \"array\""),
        rendered(validate(Kind.VMIM, SchemaFixtures.json("[]"))));
    assertEquals(
        List.of("Invalid value: \"null\": body must be of type object: \"null\""),
        rendered(
            SchemaFixtures.VALIDATOR.validate(
                Kind.VMIM, null, io.migrationguard.core.model.FieldValidation.WARN)));
  }
}
