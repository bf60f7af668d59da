package io.migrationguard.export;

import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.CelNames;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.mutate.VmimFinalizer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The defaulters as JSON Patch expressions of a MutatingAdmissionPolicy, keyed by defaulter id, or
 * why one stays in the webhook. Each expression gives no patch for an object it already defaulted,
 * as {@code /mutate} does (idempotence: the API server may call a policy again).
 */
final class Mutations {
  /** One defaulter: its kind, and its JSON Patch expression or why it is webhook-only. */
  record Mutation(String id, Kind kind, boolean onUpdate, String jsonPatch, String webhookOnly) {}

  private Mutations() {}

  static Map<String, Mutation> all() {
    Map<String, Mutation> out = new LinkedHashMap<>();
    out.put(
        "configured-defaults",
        new Mutation(
            "configured-defaults",
            null,
            false,
            null,
            "the operator's defaults are any partial object, added leaf by leaf where the object"
                + " has no value: the webhook reads them from its settings"));
    out.put(
        "vmim-selector-label",
        new Mutation("vmim-selector-label", Kind.VMIM, false, selectorLabel(), null));
    out.put("vmim-finalizer", new Mutation("vmim-finalizer", Kind.VMIM, false, finalizer(), null));
    out.put(
        "policy-workload-disruption",
        new Mutation("policy-workload-disruption", Kind.POLICY, true, workloadDisruption(), null));
    return out;
  }

  private static String patch(String op, String path, String value) {
    return "JSONPatch{op: " + Cel.lit(op) + ", path: " + Cel.lit(path) + ", value: " + value + "}";
  }

  private static String selectorLabel() {
    String vmiName = CelNames.vmiName();
    String labels = Cel.opt("object", "metadata", "labels");
    String label = Cel.text(Cel.optKey(labels, Kind.VMI_NAME_LABEL));
    String key = Kind.VMI_NAME_LABEL.replace("~", "~0").replace("/", "~1");
    return vmiName
        + " == '' || "
        + label
        + " == "
        + vmiName
        + " || ("
        + labels
        + ".hasValue() && type("
        + labels
        + ".value()) != map) ? [] : "
        + labels
        + ".hasValue() ? ["
        + patch("add", "/metadata/labels/" + key, vmiName)
        + "] : ["
        + patch(
            "add", "/metadata/labels", "{" + Cel.lit(Kind.VMI_NAME_LABEL) + ": " + vmiName + "}")
        + "]";
  }

  /** Lists KubeVirt's finalizer once: added when absent, later duplicates dropped in place. */
  private static String finalizer() {
    String f = Cel.lit(VmimFinalizer.FINALIZER);
    String list = Cel.opt("object", "metadata", "finalizers");
    String l = list + ".value()";
    return "!"
        + list
        + ".hasValue() ? ["
        + patch("add", "/metadata/finalizers", "[" + f + "]")
        + "] : type("
        + l
        + ") != list ? [] : !("
        + f
        + " in "
        + l
        + ") ? ["
        + patch("add", "/metadata/finalizers/-", f)
        + "] : "
        + l
        + ".filter(x, x == "
        + f
        + ").size() == 1 ? [] : ["
        + patch(
            "replace",
            "/metadata/finalizers",
            l + ".transformList(i, x, x != " + f + " || i == " + l + ".indexOf(" + f + "), x)")
        + "]";
  }

  private static String workloadDisruption() {
    String spec = Cel.opt("object", "spec");
    String postCopy = spec + ".?allowPostCopy";
    return "type("
        + spec
        + ".orValue(null)) == map && type("
        + postCopy
        + ".orValue(null)) == bool && !"
        + spec
        + ".?allowWorkloadDisruption.hasValue() ? ["
        + patch("add", "/spec/allowWorkloadDisruption", postCopy + ".value()")
        + "] : []";
  }
}
