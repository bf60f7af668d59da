package io.migrationguard.core.placement;

import static io.migrationguard.core.placement.KubeVirtLabels.*;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.release.Release;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The node constraints every virt-launcher pod gets, target pods included: renderLaunchManifest and
 * newNodeSelectorRenderer of pkg/virt-controller/services/template.go and Render of
 * nodeselectorrenderer.go (KubeVirt v1.9.0; the older releases' differences are gated by {@link
 * #since}).
 */
final class LauncherRendering {
  private LauncherRendering() {}

  static void render(Rendering out, JsonNode vmi, KubeVirtSettings kv, Release release) {
    JsonNode spec = vmi.path("spec");
    JsonNode domain = spec.path("domain");
    JsonNode cpu = domain.path("cpu");
    String model = Vmi.cpuModel(vmi, kv);
    String arch = Vmi.architecture(vmi, kv);
    if (spec.path("domain").path("cpu").path("model").asText("").isEmpty()) {
      out.notes.add(
          "spec.domain.cpu.model is empty: taken as " + model + ", as virt-api defaults it");
    }
    if (arch.isEmpty()) {
      out.notes.add(
          "spec.architecture is empty and the KubeVirt CR names no default: the "
              + ARCH
              + " label is not judged");
    } else if (spec.path("architecture").asText("").isEmpty()) {
      out.notes.add("spec.architecture is empty: taken as " + arch + ", the CR's default");
    }

    // NewNodeSelectorRenderer: schedulable and arch, then the CR's, then the VMI's selectors.
    out.put(SCHEDULABLE, "true", "virt-handler marks the nodes it serves");
    if (!arch.isEmpty()) {
      out.put(ARCH, arch.toLowerCase(Locale.ROOT), "the VMI's architecture");
    }
    kv.nodeSelectors().forEach((k, v) -> out.put(k, v, "the KubeVirt CR's nodeSelectors"));
    spec.path("nodeSelector")
        .fields()
        .forEachRemaining(
            e -> out.put(e.getKey(), e.getValue().asText(""), "the VMI's nodeSelector"));

    // Render(), in its order: later labels overwrite earlier keys.
    if (cpu.path("dedicatedCpuPlacement").asBoolean(false)) {
      out.put(CPU_MANAGER, "true", "dedicated CPUs need the CPU manager");
    }
    if (kv.alphaGateOn(KubeVirtSettings.HYPERV_STRICT_CHECK)) {
      Hyperv.labels(domain.path("features"))
          .forEach(k -> out.put(k, "true", "Hyper-V feature, HypervStrictCheck gate on"));
    }
    if (!model.isEmpty() && !model.equals(HOST_MODEL) && !model.equals(HOST_PASSTHROUGH)) {
      out.put(CPU_MODEL + model, "true", "the VMI's CPU model");
    }
    if (since(release, 6)) {
      String machine = vmi.path("status").path("machine").path("type").asText("");
      if (machine.isEmpty()) {
        machine = domain.path("machine").path("type").asText("");
      }
      if (!machine.isEmpty()) {
        out.put(MACHINE_TYPE + machine, "true", "the VMI's machine type");
      }
    }
    // CPUModelLabelFromCPUModel fails without a model, and then no feature label is rendered.
    if (!model.isEmpty()) {
      for (JsonNode f : cpu.path("features")) {
        String policy = f.path("policy").asText("");
        if (policy.isEmpty() || policy.equals("require")) {
          out.put(CPU_FEATURE + f.path("name").asText(""), "true", "a required CPU feature");
        }
      }
    }
    Long tsc = Tsc.manualFrequency(vmi);
    if (tsc != null) {
      out.put(
          TSC_SCHEDULING + "-" + tsc,
          "true",
          "the VMI's TSC frequency (invtsc or re-enlightenment)");
    }
    if (present(cpu.path("realtime"))) {
      out.put(REALTIME, "true", "realtime CPUs");
    }
    JsonNode security = domain.path("launchSecurity");
    boolean sev =
        present(security.path("sev")) || since(release, 7) && present(security.path("snp"));
    if (present(security) && sev) {
      out.put(SEV, "true", "AMD SEV");
    }
    if (present(security)
        && present(security.path("sev"))
        && security.path("sev").path("policy").path("encryptedState").asBoolean(false)) {
      out.put(SEV_ES, "true", "AMD SEV-ES");
    }
    if (since(release, 7) && present(security) && present(security.path("snp"))) {
      out.put(SEV_SNP, "true", "AMD SEV-SNP");
    }
    if (since(release, 6) && present(security) && arch.equals("s390x")) {
      out.put(SECURE_EXECUTION, "true", "IBM Secure Execution");
    }
    if (since(release, 7) && present(security) && present(security.path("tdx"))) {
      out.put(TDX, "true", "Intel TDX");
    }
    boolean crossArch = since(release, 9) && kv.alphaGateOn(KubeVirtSettings.CROSS_ARCH);
    if (crossArch && !arch.isEmpty()) {
      // WithoutNativeArchSelector runs after the VMI's selectors are copied: it drops theirs too.
      out.remove(ARCH);
      out.put(VM_ARCH + arch, "true", "cross-architecture virtualization");
    }

    // The VMI's affinity, then the rejections setNodeAffinityForPod appends to every term.
    JsonNode required =
        spec.path("affinity")
            .path("nodeAffinity")
            .path("requiredDuringSchedulingIgnoredDuringExecution");
    if (present(required)) {
      List<SelectorTerm> terms = new ArrayList<>();
      required.path("nodeSelectorTerms").forEach(t -> terms.add(SelectorTerm.of(t)));
      out.terms = terms;
    }
    if (model.isEmpty() || model.equals(HOST_MODEL)) {
      out.reject(OBSOLETE_HOST_MODEL);
    }
    for (JsonNode f : cpu.path("features")) {
      if (f.path("policy").asText("").equals("forbid")) {
        out.reject(CPU_FEATURE + f.path("name").asText(""));
      }
    }
  }

  /** Whether the release has what KubeVirt added in v1.{@code minor}; main has everything. */
  static boolean since(Release release, int minor) {
    return release.isMain() || release.minor() >= minor;
  }

  static boolean present(JsonNode n) {
    return n != null && !n.isMissingNode() && !n.isNull();
  }
}
