package io.migrationguard.export;

import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleInfo;
import io.migrationguard.core.rules.Settings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether each rule of the catalogue is exported, keyed by rule id: its findings as CEL, or why it
 * stays in the webhook. Exactness beats coverage: a rule is exported only when every finding it can
 * report, words and path included, is one validation a policy can state.
 */
public final class RuleExports {
  /** What is exported of one rule. */
  public record Export(
      String rule, Set<Kind> kinds, List<Check> checks, boolean needsGates, String webhookOnly) {
    public boolean exported() {
      return webhookOnly == null;
    }
  }

  private RuleExports() {}

  /**
   * Every rule's export, in catalogue order, built with the service's {@code settings}: a rule
   * whose declaration says {@link io.migrationguard.core.rules.RuleInfo#webhookOnly} stays in the
   * webhook for the reason it gives; every other rule has its checks here.
   */
  public static Map<String, Export> all(Settings settings) {
    Map<String, Export> out = new LinkedHashMap<>();
    for (Rule rule : Rules.all(settings)) {
      RuleInfo info = rule.info();
      if (!info.exported()) {
        out.put(
            info.id(), new Export(info.id(), info.kinds(), List.of(), false, info.webhookOnly()));
        continue;
      }
      List<Check> cel = info.cel() == null ? null : info.cel().get();
      if (cel == null) {
        throw new IllegalStateException(info.id() + " is declared exported but has no checks");
      }
      boolean gates = info.lookups().contains(Lookup.FEATURE_GATES);
      out.put(info.id(), new Export(info.id(), info.kinds(), List.copyOf(cel), gates, null));
    }
    return out;
  }

  /** The ids of the exported rules. */
  public static List<String> exportedIds(Settings settings) {
    // From the declarations alone: the service asks at start, and needs no CEL for it.
    return Rules.all(settings).stream()
        .map(Rule::info)
        .filter(RuleInfo::exported)
        .map(RuleInfo::id)
        .toList();
  }

  /** The checks of the exported rules that apply to {@code kind}. */
  static List<Export> forKind(Settings settings, Kind kind) {
    List<Export> out = new ArrayList<>();
    for (Export e : all(settings).values()) {
      if (e.exported() && appliesTo(e, kind) && !settings.disabledRules().contains(e.rule())) {
        out.add(e);
      }
    }
    return out;
  }

  private static boolean appliesTo(Export e, Kind kind) {
    if (e.rule().equals("metadata-namespace") && !kind.namespaced()) {
      return false; // the namespace of a cluster-scoped object is cleared before the rules run
    }
    return e.kinds().contains(kind);
  }
}
