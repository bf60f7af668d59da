package io.migrationguard.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * KubeVirt's evacuations as the exported policies judge them: a migration that KubeVirt's
 * controller creates on a node drain ({@code generateName: kubevirt-evacuation-}, {@code
 * spec.priority: system-critical}), evaluated with the CEL the API server runs ({@link
 * PolicyEvaluator}), the KubeVirt CR as parameter.
 */
public final class Evacuations {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Evacuations() {}

  /** The Deny failures of {@code policies} for an evacuation created by {@code username}. */
  public static List<String> denials(List<ObjectNode> policies, String username) {
    ObjectNode migration = JSON.createObjectNode();
    migration.put("apiVersion", "kubevirt.io/v1").put("kind", "VirtualMachineInstanceMigration");
    migration
        .putObject("metadata")
        .put("generateName", "kubevirt-evacuation-")
        .put("namespace", "vms");
    migration.putObject("spec").put("vmiName", "vm-1").put("priority", "system-critical");
    ObjectNode kubevirt = JSON.createObjectNode();
    kubevirt.put("apiVersion", "kubevirt.io/v1").put("kind", "KubeVirt");
    kubevirt.putObject("metadata").put("name", "kubevirt");
    kubevirt.putObject("spec").putObject("configuration");
    PolicyEvaluator.Request request =
        new PolicyEvaluator.Request(Kind.VMIM, "CREATE", migration, null, username, kubevirt);
    List<String> out = new ArrayList<>();
    for (PolicyEvaluator.Failure f : new PolicyEvaluator(policies).validate(request)) {
      if (f.action().equals("Deny")) {
        out.add(f.rule() + ": " + f.message());
      }
    }
    return out;
  }

  /** The objects of a YAML stream (an export). */
  public static List<ObjectNode> parse(String yaml) {
    return ExportedDocuments.parse(yaml);
  }
}
