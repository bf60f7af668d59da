package io.migrationguard.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.InMemoryClusterView;
import io.migrationguard.core.model.FieldValidation;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.testing.CaseFiles;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The exact words of the headline rules, as {@link Finding#render()} prints them. */
class RuleMessagesTest {
  private final Engine engine = Engine.standard(Settings.defaults());

  private static JsonNode json(String s) {
    try {
      return CaseFiles.JSON.readTree(s.replace('\'', '"'));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private List<String> rendered(String rule, Review review, ClusterView cluster) {
    return engine.validate(review, cluster).findings().stream()
        .filter(f -> f.rule().equals(rule))
        .map(Finding::render)
        .toList();
  }

  private static Review create(Kind kind, JsonNode object, String requester) {
    return new Review(kind, Operation.CREATE, object, null, null, requester, FieldValidation.WARN);
  }

  private static JsonNode vmim(String spec) {
    return json(
        "{'apiVersion':'kubevirt.io/v1','kind':'VirtualMachineInstanceMigration',"
            + "'metadata':{'name':'mig','namespace':'default'},'spec':"
            + spec
            + "}");
  }

  private static JsonNode policy(String name, String spec) {
    return json(
        "{'apiVersion':'migrations.kubevirt.io/v1alpha1','kind':'MigrationPolicy',"
            + "'metadata':{'name':'"
            + name
            + "'},'spec':"
            + spec
            + "}");
  }

  @Test
  void priorityEnumListsTheSupportedValuesSorted() {
    assertEquals(
        List.of(
            "spec.priority: Unsupported value: \"urgent\": supported values: \"system-critical\","
                + " \"system-maintenance\", \"user-triggered\""),
        rendered(
            "vmim-priority-enum",
            create(Kind.VMIM, vmim("{'vmiName':'vm1','priority':'urgent'}"), null),
            ClusterView.none()));
  }

  @Test
  void priorityRequesterNamesTheUserAndTheAllowList() {
    assertEquals(
        List.of(
            "spec.priority: Forbidden: user \"alice\" may not set the migration priority"
                + " (allowed: \"system:serviceaccount:kubevirt:kubevirt-controller\")"),
        rendered(
            "vmim-priority-requester",
            create(Kind.VMIM, vmim("{'vmiName':'vm1','priority':'system-critical'}"), "alice"),
            ClusterView.none()));
  }

  @Test
  void specImmutableReportsTheNewValue() {
    Review review =
        new Review(
            Kind.VMIM,
            Operation.UPDATE,
            vmim("{'vmiName':'b'}"),
            vmim("{'vmiName':'a'}"),
            null,
            null,
            FieldValidation.WARN);
    assertEquals(
        List.of("spec.vmiName: Invalid value: \"b\": field is immutable"),
        rendered("vmim-spec-immutable", review, ClusterView.none()));
  }

  @Test
  void vmiNameRequired() {
    assertEquals(
        List.of(
            "spec.vmiName: Required value: the name of the VirtualMachineInstance to migrate is"
                + " required"),
        rendered(
            "vmim-vmi-name-required", create(Kind.VMIM, vmim("{}"), null), ClusterView.none()));
  }

  @Test
  void completionTimeoutIsKubeVirtsMessage() {
    assertEquals(
        List.of("spec.completionTimeoutPerGiB: Invalid value: -1: must not be negative"),
        rendered(
            "policy-completion-timeout",
            create(Kind.POLICY, policy("p", "{'selectors':{},'completionTimeoutPerGiB':-1}"), null),
            ClusterView.none()));
  }

  @Test
  void selectorsUniqueNamesTheOtherPolicyAndTheLoser() {
    InMemoryClusterView cluster = new InMemoryClusterView();
    cluster.addPolicy(policy("a-first", "{'selectors':{'namespaceSelector':{'team':'a'}}}"));
    assertEquals(
        List.of(
            "spec.selectors: Duplicate value: {\"namespaceSelector\":{\"team\":\"a\"}}:"
                + " MigrationPolicy \"a-first\" has the same selectors; KubeVirt would never apply"
                + " \"b-second\""),
        rendered(
            "policy-selectors-unique",
            create(
                Kind.POLICY,
                policy("b-second", "{'selectors':{'namespaceSelector':{'team':'a'}}}"),
                null),
            cluster));
  }

  @Test
  void noInflightNamesTheExistingMigration() {
    InMemoryClusterView cluster = new InMemoryClusterView();
    cluster.addMigration(
        json(
            "{'metadata':{'name':'older','namespace':'default'},'spec':{'vmiName':'vm1'},"
                + "'status':{'phase':'Running'}}"));
    assertEquals(
        List.of(
            "spec.vmiName: Duplicate value: \"vm1\": migration \"older\" of this"
                + " VirtualMachineInstance is already in flight (phase Running)"),
        rendered("vmim-no-inflight", create(Kind.VMIM, vmim("{'vmiName':'vm1'}"), null), cluster));
  }

  @Test
  void labelFindingsUseApimachinerysWords() {
    JsonNode object = vmim("{'vmiName':'vm1'}");
    ((com.fasterxml.jackson.databind.node.ObjectNode) object.get("metadata"))
        .set("labels", json("{'app':'-x'}"));
    assertEquals(
        List.of(
            "metadata.labels: Invalid value: \"-x\": a valid label must be an empty string or"
                + " consist of alphanumeric characters, '-', '_' or '.', and must start and end"
                + " with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345',"
                + " regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"),
        rendered("metadata-labels", create(Kind.VMIM, object, null), ClusterView.none()));
  }
}
