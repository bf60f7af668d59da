package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;

/** Builds the KubeVirt objects the cluster tests put into the mock API server. */
final class Fixtures {
  static final ObjectMapper JSON = new ObjectMapper();

  private Fixtures() {}

  static ObjectNode object(ApiResource r, String namespace, String name) {
    ObjectNode o = JSON.createObjectNode();
    o.put("apiVersion", (r.group().isEmpty() ? "" : r.group() + "/") + r.version())
        .put("kind", r.kind());
    ObjectNode meta = o.putObject("metadata").put("name", name);
    if (namespace != null) {
      meta.put("namespace", namespace);
    }
    return o;
  }

  static ObjectNode vmi(String namespace, String name, String phase) {
    ObjectNode vmi = object(ApiResource.VMI, namespace, name);
    vmi.putObject("spec").putObject("domain").putObject("devices");
    vmi.putObject("status").put("phase", phase);
    return vmi;
  }

  /** A running VMI with a uid on {@code node}, its CPU model {@code cpuModel}. */
  static ObjectNode placedVmi(
      String namespace, String name, String uid, String node, String cpuModel) {
    ObjectNode vmi = vmi(namespace, name, "Running");
    ((ObjectNode) vmi.get("metadata")).put("uid", uid);
    ObjectNode spec = (ObjectNode) vmi.get("spec");
    spec.put("architecture", "amd64");
    ((ObjectNode) spec.get("domain")).putObject("cpu").put("model", cpuModel);
    ((ObjectNode) vmi.get("status")).put("nodeName", node);
    return vmi;
  }

  /** A Node with KubeVirt's schedulable label and {@code labels} (k, v, k, v...). */
  static ObjectNode node(String name, boolean cordoned, String... labels) {
    ObjectNode node = object(ApiResource.NODE, null, name);
    ObjectNode l = ((ObjectNode) node.get("metadata")).putObject("labels");
    l.put("kubevirt.io/schedulable", "true").put("kubernetes.io/arch", "amd64");
    l.put("kubernetes.io/hostname", name);
    for (int i = 0; i + 1 < labels.length; i += 2) {
      l.put(labels[i], labels[i + 1]);
    }
    if (cordoned) {
      node.putObject("spec").put("unschedulable", true);
    }
    return node;
  }

  /** A running virt-launcher pod of the VMI {@code uid} on {@code node}. */
  static ObjectNode launcherPod(
      String namespace, String name, String uid, String node, String... nodeSelector) {
    ObjectNode pod = object(ApiResource.POD, namespace, name);
    ((ObjectNode) pod.get("metadata")).putObject("labels").put("kubevirt.io/created-by", uid);
    ObjectNode spec = pod.putObject("spec").put("nodeName", node);
    ObjectNode sel = spec.putObject("nodeSelector");
    for (int i = 0; i + 1 < nodeSelector.length; i += 2) {
      sel.put(nodeSelector[i], nodeSelector[i + 1]);
    }
    spec.putArray("containers").addObject().put("name", "compute").put("image", "virt-launcher");
    pod.putObject("status").put("phase", "Running");
    return pod;
  }

  static ObjectNode notMigratableVmi(String namespace, String name, String reason) {
    ObjectNode vmi = vmi(namespace, name, "Running");
    ArrayNode conditions = ((ObjectNode) vmi.get("status")).putArray("conditions");
    conditions
        .addObject()
        .put("type", "LiveMigratable")
        .put("status", "False")
        .put("reason", reason)
        .put("message", "cannot migrate VMI: " + reason);
    return vmi;
  }

  static ObjectNode vmim(
      String namespace, String name, String vmiName, String phase, boolean label) {
    ObjectNode m = object(ApiResource.VMIM, namespace, name);
    if (label) {
      ((ObjectNode) m.get("metadata")).putObject("labels").put("kubevirt.io/vmi-name", vmiName);
    }
    m.putObject("spec").put("vmiName", vmiName);
    if (phase != null) {
      m.putObject("status").put("phase", phase);
    }
    return m;
  }

  static ObjectNode policy(String name, String selectorKey, String selectorValue) {
    ObjectNode p = object(ApiResource.POLICY, null, name);
    ObjectNode selectors = p.putObject("spec").putObject("selectors");
    selectors.putObject("virtualMachineInstanceSelector").put(selectorKey, selectorValue);
    return p;
  }

  static ObjectNode kubevirt(String namespace, String name, String... enabledGates) {
    ObjectNode kv = object(ApiResource.KUBEVIRT, namespace, name);
    ArrayNode gates =
        kv.putObject("spec")
            .putObject("configuration")
            .putObject("developerConfiguration")
            .putArray("featureGates");
    for (String g : enabledGates) {
      gates.add(g);
    }
    return kv;
  }

  /** Creates {@code o} in the API server behind {@code client}. */
  static GenericKubernetesResource create(KubernetesClient client, ApiResource r, ObjectNode o) {
    GenericKubernetesResource res = JSON.convertValue(o, GenericKubernetesResource.class);
    var op = client.genericKubernetesResources(r.context());
    String ns = res.getMetadata().getNamespace();
    return (ns == null ? op.resource(res) : op.inNamespace(ns).resource(res)).create();
  }

  static void delete(KubernetesClient client, ApiResource r, String namespace, String name) {
    var op = client.genericKubernetesResources(r.context());
    (namespace == null ? op.withName(name) : op.inNamespace(namespace).withName(name)).delete();
  }
}
