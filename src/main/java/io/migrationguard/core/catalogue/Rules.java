package io.migrationguard.core.catalogue;

import io.migrationguard.core.apiserver.BeforeAdmission;
import io.migrationguard.core.names.Suggest;
import io.migrationguard.core.rules.GateRules;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleAction;
import io.migrationguard.core.rules.SchemaRefinement;
import io.migrationguard.core.rules.Settings;
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
import io.migrationguard.core.rules.policy.UnsignedFields;
import io.migrationguard.core.rules.vmim.AddedNodeSelector;
import io.migrationguard.core.rules.vmim.MigrationIds;
import io.migrationguard.core.rules.vmim.NoInflight;
import io.migrationguard.core.rules.vmim.PriorityEnum;
import io.migrationguard.core.rules.vmim.PriorityRequester;
import io.migrationguard.core.rules.vmim.SelectorLabelMatches;
import io.migrationguard.core.rules.vmim.SelectorLabelStable;
import io.migrationguard.core.rules.vmim.SpecImmutable;
import io.migrationguard.core.rules.vmim.TargetNode;
import io.migrationguard.core.rules.vmim.VmiMigratable;
import io.migrationguard.core.rules.vmim.VmiNameFormat;
import io.migrationguard.core.rules.vmim.VmiNameRequired;
import io.migrationguard.core.rules.vmim.WillQueue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

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
    for (String id : new TreeSet<>(ids)) {
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
   * Parses {@code entries} of the form {@code id=deny|warn|off} and checks them against {@code
   * known} (every id a finding can carry): the actions by id, or an {@link
   * IllegalArgumentException} whose message is one line naming the first bad entry (an unknown id
   * with the one meant, an id given twice, an action other than the three, or an id that cannot be
   * relaxed).
   */
  public static Map<String, RuleAction> parseActions(
      Collection<String> entries, List<String> known) {
    Map<String, RuleAction> out = new TreeMap<>();
    for (String entry : entries) {
      String e = entry.strip();
      if (e.isEmpty()) {
        continue;
      }
      int eq = e.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "\"" + e + "\" is not id=deny|warn|off (such as vmim-priority-enum=warn)");
      }
      String id = e.substring(0, eq).strip();
      RuleAction action = RuleAction.parse(e.substring(eq + 1));
      if (action == null) {
        throw new IllegalArgumentException(
            id
                + ": the action must be deny, warn or off, got \""
                + e.substring(eq + 1).strip()
                + "\"");
      }
      RuleAction before = out.put(id, action);
      if (before != null && before != action) {
        throw new IllegalArgumentException(
            id + " is given twice, as " + before.word() + " and as " + action.word());
      }
    }
    for (Map.Entry<String, RuleAction> a : out.entrySet()) {
      String bad = checkAction(a.getKey(), a.getValue(), known);
      if (bad != null) {
        throw new IllegalArgumentException(bad);
      }
    }
    return out;
  }

  /** Why {@code id} cannot take {@code action}, or null when it can. */
  static String checkAction(String id, RuleAction action, List<String> known) {
    if (ALWAYS_ON.contains(id) && action != RuleAction.DENY) {
      return "rule " + id + " cannot be relaxed (" + action.word() + ")";
    }
    if (!known.contains(id) && !ALWAYS_ON.contains(id)) {
      String near = Suggest.nearest(id, known);
      return "unknown rule " + id + (near == null ? "" : ": did you mean " + near + "?");
    }
    if (action == RuleAction.WARN && refinesSchema(id)) {
      return "rule "
          + id
          + " cannot warn only: it reports a schema error, which the API server"
          + " refuses anyway (deny or off)";
    }
    return null;
  }

  /**
   * Whether {@code id} stands in for a schema error ({@link SchemaRefinement}): never a warning.
   */
  private static boolean refinesSchema(String id) {
    return all(Settings.defaults()).stream()
        .anyMatch(r -> r instanceof SchemaRefinement && r.info().id().equals(id));
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

  /** The ids the engine can report: its rules and the API server step's warnings. */
  public static List<String> engineIds(Settings settings) {
    List<String> ids = new ArrayList<>();
    all(settings).forEach(r -> ids.add(r.info().id()));
    ids.add(BeforeAdmission.DEPRECATED_VERSION);
    ids.add(BeforeAdmission.DROPPED_NULL);
    return ids;
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
        new TargetNode(settings.release(), settings.priorityRequesters()),
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
        new StallDetectorFactors(settings.release().factors()),
        new UnsignedFields(settings.release().unsigned()));
  }
}
