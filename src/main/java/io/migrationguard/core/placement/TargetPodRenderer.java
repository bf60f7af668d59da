package io.migrationguard.core.placement;

import static io.migrationguard.core.placement.KubeVirtLabels.*;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.release.Release;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The migration target pod's node constraints: the launcher pod's ({@link LauncherRendering}), then
 * what createTargetPod of pkg/virt-controller/watch/migration/migration.go adds (v1.9.0): the
 * anti-affinity to the source, the migration's addedNodeSelector under the pod's own, the
 * host-model labels, and the source's CPU vendor.
 */
public final class TargetPodRenderer {
  private TargetPodRenderer() {}

  /** Renders once; {@code source} is the Node the VMI runs on, or null when not among the Nodes. */
  public static TargetPod render(PlacementInput in, NodeFacts source) {
    Release release = in.release();
    KubeVirtSettings kv = KubeVirtSettings.of(in.kubevirt());
    JsonNode vmi = in.vmi();
    JsonNode migration = in.migration();
    Rendering out = new Rendering();
    LauncherRendering.render(out, vmi, kv, release);

    String sourceName = vmi.path("status").path("nodeName").asText("");
    JsonNode spec = migration == null ? null : migration.path("spec");
    if (spec != null && present(spec.path("sendTo")) && !present(spec.path("receive"))) {
      out.noTargetPod =
          "a decentralized source migration (spec.sendTo) makes its target pod in another cluster";
      return done(out, vmi, "", null);
    }
    boolean decentralizedTarget =
        LauncherRendering.since(release, 6)
            && spec != null
            && present(spec.path("receive"))
            && !present(spec.path("sendTo"));
    JsonNode sourceState = vmi.path("status").path("migrationState").path("sourceState");
    if (decentralizedTarget) {
      out.appendToFirstTerm(
          new Requirement(HOSTNAME, "NotIn", List.of(sourceState.path("node").asText("")), false));
      sourceName = "";
    } else if (sourceName.isEmpty()) {
      out.notes.add("status.nodeName is empty: the VMI runs nowhere, no node is its source");
    } else if (source == null) {
      out.notes.add("the source node " + sourceName + " is not among the Nodes");
    }

    // The migration's addedNodeSelector (v1.6+) goes under the pod's own: it cannot override.
    if (spec != null && LauncherRendering.since(release, 6)) {
      spec.path("addedNodeSelector")
          .fields()
          .forEachRemaining(
              e -> {
                if (!out.selector.containsKey(e.getKey())) {
                  out.put(e.getKey(), e.getValue().asText(""), "the migration's addedNodeSelector");
                }
              });
    }

    if (Vmi.cpuModel(vmi, kv).equals(HOST_MODEL)) {
      hostModel(out, in, decentralizedTarget, sourceState, source, sourceName);
      if (out.noTargetPod != null) {
        return done(out, vmi, sourceName, source);
      }
    }

    // v1.8+: the source's CPU vendor, unless the pod already names one.
    if (LauncherRendering.since(release, 8)
        && out.selector.keySet().stream().noneMatch(k -> k.startsWith(CPU_VENDOR))) {
      Map<String, String> labels = null;
      if (decentralizedTarget) {
        labels = strings(sourceState.path("nodeSelectors"));
      } else if (source != null) {
        labels = source.labels();
      } else if (!sourceName.isEmpty()) {
        out.notes.add(
            "the source node's CPU vendor label (cpu-vendor.node.kubevirt.io/) is not judged");
      }
      if (labels != null) {
        // Go's map order picks among several vendor labels; a node has one, the sorted first is
        // ours.
        new TreeMap<>(labels)
            .keySet().stream()
                .filter(k -> k.startsWith(CPU_VENDOR))
                .findFirst()
                .ifPresent(k -> out.put(k, "true", "the source node's CPU vendor"));
      }
    }
    return done(out, vmi, sourceName, source);
  }

  /**
   * prepareNodeSelectorForHostCpuModel / getHostCpuModelFromMap: the source pod's CPU feature and
   * host-model migration selectors when it has any (the VMI migrated before, or requires features);
   * else the source node's host-model labels; else no target pod.
   */
  private static void hostModel(
      Rendering out,
      PlacementInput in,
      boolean decentralizedTarget,
      JsonNode sourceState,
      NodeFacts source,
      String sourceName) {
    if (decentralizedTarget) {
      Map<String, String> from = strings(sourceState.path("nodeSelectors"));
      if (!fromHostModelLabels(out, from, "the source cluster's host-model CPU")) {
        out.noTargetPod =
            "the VMI uses host-model and status.migrationState.sourceState.nodeSelectors has no "
                + HOST_MODEL_CPU
                + " label";
      }
      return;
    }
    Map<String, String> podSelector =
        in.sourcePod() == null
            ? Map.of()
            : strings(in.sourcePod().path("spec").path("nodeSelector"));
    if (in.sourcePod() == null) {
      out.notes.add(
          "the source pod was not given: taken to carry no host-model selectors (not migrated since it started)");
    }
    boolean migratedBefore = false;
    for (Map.Entry<String, String> e : podSelector.entrySet()) {
      if (e.getKey().contains(CPU_FEATURE) || e.getKey().contains(HOST_MODEL_MIGRATION)) {
        out.put(e.getKey(), e.getValue(), "host-model, from the source pod's nodeSelector");
        migratedBefore = true;
      }
    }
    if (source == null) {
      // getNodeForVMI runs first and fails when the VMI's node does not exist.
      if (!migratedBefore) {
        out.noTargetPod =
            "the VMI uses host-model and its source node "
                + (sourceName.isEmpty() ? "(status.nodeName is empty)" : sourceName)
                + " is not among the Nodes, so no host-model CPU label can be read";
      }
      return;
    }
    if (!migratedBefore
        && !fromHostModelLabels(out, source.labels(), "host-model CPU of the source node")) {
      out.noTargetPod =
          "the VMI uses host-model, the source pod's nodeSelector has no "
              + HOST_MODEL_MIGRATION
              + " or "
              + CPU_FEATURE
              + " key and the source node "
              + source.name()
              + " has no "
              + HOST_MODEL_CPU
              + " label";
    }
  }

  private static boolean fromHostModelLabels(
      Rendering out, Map<String, String> labels, String origin) {
    String model = null;
    String value = null;
    for (Map.Entry<String, String> e : new TreeMap<>(labels).entrySet()) {
      if (e.getKey().startsWith(HOST_MODEL_CPU) && model == null) {
        model = e.getKey().substring(HOST_MODEL_CPU.length());
        value = e.getValue();
      }
      if (e.getKey().startsWith(HOST_MODEL_FEATURES)) {
        out.put(
            CPU_FEATURE + e.getKey().substring(HOST_MODEL_FEATURES.length()),
            e.getValue(),
            "a feature the source's host-model CPU requires");
      }
    }
    if (model == null || model.isEmpty()) {
      return false;
    }
    out.put(HOST_MODEL_MIGRATION + model, value, origin);
    return true;
  }

  private static TargetPod done(Rendering out, JsonNode vmi, String sourceName, NodeFacts source) {
    List<Toleration> tolerations =
        new ArrayList<>(Toleration.listOf(vmi.path("spec").path("tolerations")));
    // The API server's DefaultTolerationSeconds admission plugin adds these to every pod.
    tolerations.add(new Toleration("node.kubernetes.io/not-ready", "Exists", "", "NoExecute"));
    tolerations.add(new Toleration("node.kubernetes.io/unreachable", "Exists", "", "NoExecute"));
    String hostname = source == null ? null : source.labels().get(HOSTNAME);
    return new TargetPod(
        out.noTargetPod,
        out.selector,
        out.origins,
        out.terms != null,
        out.terms == null ? List.of() : out.terms,
        tolerations,
        sourceName,
        hostname,
        out.notes);
  }

  private static Map<String, String> strings(JsonNode object) {
    Map<String, String> out = new TreeMap<>();
    object.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText("")));
    return out;
  }

  private static boolean present(JsonNode n) {
    return LauncherRendering.present(n);
  }
}
