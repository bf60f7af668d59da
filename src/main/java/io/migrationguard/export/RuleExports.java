package io.migrationguard.export;

import io.migrationguard.core.Kind;
import io.migrationguard.core.Settings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether each rule of the catalogue is exported, keyed by rule id: its findings as CEL, or why it
 * stays in the webhook. Exactness beats coverage: a rule is exported only when every finding it can
 * report, words and path included, is one validation a policy can state.
 */
public final class RuleExports {
  /** What is exported of one rule. */
  public record Export(String rule, List<Check> checks, boolean needsGates, String webhookOnly) {
    public boolean exported() {
      return webhookOnly == null;
    }
  }

  private static final String PER_KEY =
      "reports one finding per bad key or value of a map, at the map's path; a policy shows one"
          + " message per validation and cannot name the keys in advance";
  private static final String CLUSTER = "needs the cluster's other objects";
  private static final String JSON_VALUE =
      "its message shows an object as JSON in the order its keys were sent, which CEL cannot"
          + " reproduce";

  private RuleExports() {}

  /** Every rule's export, in catalogue order, built with the service's {@code settings}. */
  public static Map<String, Export> all(Settings settings) {
    Map<String, Export> out = new LinkedHashMap<>();
    exported(out, NameChecks.metadataName(), false);
    exported(out, NameChecks.metadataNamespace(), false);
    webhookOnly(out, "metadata-labels", PER_KEY);
    exported(out, NameChecks.vmiNameRequired(), false);
    exported(out, NameChecks.vmiNameFormat(), false);
    exported(out, MigrationChecks.priorityEnum(), false);
    exported(out, MigrationChecks.priorityRequester(settings.priorityRequesters()), false);
    webhookOnly(out, "vmim-added-node-selector", PER_KEY);
    exported(out, MigrationChecks.migrationIds(), false);
    exported(out, GateChecks.decentralized(), true);
    exported(out, MigrationChecks.selectorLabelMatches(), false);
    webhookOnly(
        out,
        "vmim-spec-immutable",
        "reports each changed leaf at its own path, entries of spec.addedNodeSelector by key; a"
            + " policy cannot name the keys in advance");
    exported(out, MigrationChecks.selectorLabelStable(), false);
    webhookOnly(out, "vmim-vmi-migratable", CLUSTER + " (the VirtualMachineInstance)");
    webhookOnly(out, "vmim-no-inflight", CLUSTER + " (the migrations in flight)");
    exported(out, PolicyChecks.completionTimeout(), false);
    exported(out, PolicyChecks.bandwidth(), false);
    webhookOnly(out, "policy-selector-labels", PER_KEY);
    webhookOnly(out, "policy-selectors-unique", CLUSTER + " (the other migration policies)");
    webhookOnly(out, "policy-selectors-tie", CLUSTER + " (the other migration policies)");
    exported(out, PolicyChecks.selectorsEmpty(), false);
    exported(out, GateChecks.maxDowntime(), true);
    webhookOnly(out, "policy-downtime-tuning-gate", JSON_VALUE);
    webhookOnly(out, "policy-stall-detector-gate", JSON_VALUE);
    webhookOnly(out, "policy-experimental-exclusive", JSON_VALUE);
    webhookOnly(
        out,
        "policy-stall-detector-factors",
        "its three-decimal-places check needs the exact decimal value of a Quantity, which the"
            + " API server's quantity library of 1.30 cannot give (isInteger depends on the"
            + " spelling: quantity('1000m').isInteger() is false)");
    return out;
  }

  /** The ids of the exported rules. */
  public static List<String> exportedIds(Settings settings) {
    List<String> ids = new ArrayList<>();
    all(settings).values().stream().filter(Export::exported).forEach(e -> ids.add(e.rule()));
    return ids;
  }

  /** The checks of the exported rules that apply to {@code kind}. */
  static List<Export> forKind(Settings settings, Kind kind) {
    List<Export> out = new ArrayList<>();
    for (Export e : all(settings).values()) {
      if (e.exported() && appliesTo(e, kind)) {
        out.add(e);
      }
    }
    return out;
  }

  private static boolean appliesTo(Export e, Kind kind) {
    if (e.rule().equals("metadata-namespace") && !kind.namespaced()) {
      return false; // the namespace of a cluster-scoped object is cleared before the rules run
    }
    return io.migrationguard.core.rules.Rules.all(Settings.defaults()).stream()
        .filter(r -> r.info().id().equals(e.rule()))
        .anyMatch(r -> r.info().kinds().contains(kind));
  }

  private static void exported(Map<String, Export> out, List<Check> checks, boolean gates) {
    String rule = checks.get(0).rule();
    out.put(rule, new Export(rule, List.copyOf(checks), gates, null));
  }

  private static void webhookOnly(Map<String, Export> out, String rule, String reason) {
    out.put(rule, new Export(rule, List.of(), false, reason));
  }
}
