package io.migrationguard.core.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * A VMI's virt-launcher pods: KubeVirt labels each {@code kubevirt.io/created-by=<VMI uid>}
 * (pkg/virt-controller/services/template.go, v1.5 to v1.9). During a migration there are two (the
 * source and the target), and finished pods may linger; the one the VMI runs in is the running pod
 * on the VMI's {@code status.nodeName}.
 */
public final class LauncherPods {
  /** The label virt-controller puts on every launcher pod, its value the VMI's uid. */
  public static final String CREATED_BY = "kubevirt.io/created-by";

  private LauncherPods() {}

  /**
   * What the placement engine reads of a pod, and what picks the source among several: name, {@code
   * spec.nodeName}, {@code spec.nodeSelector} and {@code status.phase}. A launcher pod of 15 KB
   * (its containers, volumes, status) keeps a few hundred bytes.
   */
  public static ObjectNode project(JsonNode pod) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("apiVersion", "v1").put("kind", "Pod");
    ObjectNode meta = out.putObject("metadata");
    copy(pod.path("metadata"), meta, "name", "namespace");
    ObjectNode spec = out.putObject("spec");
    copy(pod.path("spec"), spec, "nodeName", "nodeSelector");
    copy(pod.path("status"), out.putObject("status"), "phase");
    return out;
  }

  /**
   * The running pod on {@code nodeName}; with no node name known, the first running pod. Never
   * another node's pod when the node is known: that is a migration's target, not the source.
   */
  public static Optional<JsonNode> pick(List<JsonNode> pods, String nodeName) {
    JsonNode anyRunning = null;
    for (JsonNode p : pods) {
      if (!"Running".equals(p.path("status").path("phase").asText(""))) {
        continue;
      }
      if (!nodeName.isEmpty()) {
        if (nodeName.equals(p.path("spec").path("nodeName").asText(""))) {
          return Optional.of(p);
        }
      } else if (anyRunning == null) {
        anyRunning = p;
      }
    }
    return Optional.ofNullable(anyRunning);
  }

  private static void copy(JsonNode from, ObjectNode to, String... fields) {
    for (String f : fields) {
      JsonNode v = from.get(f);
      if (v != null && !v.isNull()) {
        to.set(f, v);
      }
    }
  }
}
