package io.migrationguard.core.rules;

import io.migrationguard.core.Settings;
import io.migrationguard.core.names.Suggest;
import io.migrationguard.core.rules.meta.MetadataLabels;
import io.migrationguard.core.rules.meta.MetadataName;
import io.migrationguard.core.rules.meta.MetadataNamespace;
import io.migrationguard.core.rules.policy.Bandwidth;
import io.migrationguard.core.rules.policy.BandwidthMeaning;
import io.migrationguard.core.rules.policy.CompletionTimeout;
import io.migrationguard.core.rules.policy.ExperimentalExclusive;
import io.migrationguard.core.rules.policy.SelectorLabels;
import io.migrationguard.core.rules.policy.SelectorMatchLabels;
import io.migrationguard.core.rules.policy.SelectorsEmpty;
import io.migrationguard.core.rules.policy.SelectorsTie;
import io.migrationguard.core.rules.policy.SelectorsUnique;
import io.migrationguard.core.rules.policy.StallDetectorFactors;
import io.migrationguard.core.rules.vmim.AddedNodeSelector;
import io.migrationguard.core.rules.vmim.MigrationIds;
import io.migrationguard.core.rules.vmim.NoInflight;
import io.migrationguard.core.rules.vmim.PriorityEnum;
import io.migrationguard.core.rules.vmim.PriorityRequester;
import io.migrationguard.core.rules.vmim.SelectorLabelMatches;
import io.migrationguard.core.rules.vmim.SelectorLabelStable;
import io.migrationguard.core.rules.vmim.SpecImmutable;
import io.migrationguard.core.rules.vmim.VmiMigratable;
import io.migrationguard.core.rules.vmim.VmiNameFormat;
import io.migrationguard.core.rules.vmim.VmiNameRequired;
import io.migrationguard.core.rules.vmim.WillQueue;
import java.util.List;
import java.util.Set;

/**
 * The rule catalogue: one explicit list, in the order findings are reported (metadata first, as
 * apimachinery validates ObjectMeta first, then docs/architecture.md#rules in table order).
 */
public final class Rules {
  private Rules() {}

  /**
   * Ids that can never be disabled: the schema step (every rule assumes a well-formed object) and
   * the failures of reading and of the engine itself.
   */
  public static final Set<String> ALWAYS_ON =
      Set.of("schema", "parse-error", "read-error", "invalid-object", "internal-error");

  /**
   * Checks ids to disable against {@code known} (every id a finding can carry): the message for the
   * first unknown or always-on one, with the id meant where one is near, or null when all are fine.
   */
  public static String checkDisabled(Set<String> ids, List<String> known) {
    for (String id : new java.util.TreeSet<>(ids)) {
      if (ALWAYS_ON.contains(id)) {
        return "rule " + id + " cannot be disabled";
      }
      if (!known.contains(id)) {
        String near = Suggest.nearest(id, known);
        return "unknown rule " + id + (near == null ? "" : ": did you mean " + near + "?");
      }
    }
    return null;
  }

  /**
   * Every rule of docs/architecture.md#rules, configured with {@code settings} (disabled ones left
   * out).
   */
  public static List<Rule> catalogue(Settings settings) {
    return all(settings).stream()
        .filter(r -> !settings.disabledRules().contains(r.info().id()))
        .toList();
  }

  /** Every rule, disabled or not (the catalogue as documented). */
  public static List<Rule> all(Settings settings) {
    return List.of(
        // metadata, both kinds
        new MetadataName(),
        new MetadataNamespace(),
        new MetadataLabels(),
        // VirtualMachineInstanceMigration
        new VmiNameRequired(),
        new VmiNameFormat(),
        new PriorityEnum(),
        GateRules.priority(settings.release()),
        new PriorityRequester(settings.priorityRequesters()),
        new AddedNodeSelector(),
        new MigrationIds(),
        GateRules.decentralized(settings.release()),
        new SelectorLabelMatches(),
        new SpecImmutable(settings.release()),
        new SelectorLabelStable(),
        new VmiMigratable(),
        new NoInflight(),
        new WillQueue(),
        // MigrationPolicy
        new CompletionTimeout(),
        new Bandwidth(),
        new BandwidthMeaning(),
        new SelectorMatchLabels(),
        new SelectorLabels(),
        new SelectorsUnique(),
        new SelectorsTie(),
        new SelectorsEmpty(),
        GateRules.maxDowntime(settings.release()),
        GateRules.downtimeTuning(settings.release()),
        GateRules.stallDetector(settings.release()),
        new ExperimentalExclusive(),
        new StallDetectorFactors(settings.release().factors()));
  }
}
