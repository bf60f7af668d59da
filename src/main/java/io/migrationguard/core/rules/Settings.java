package io.migrationguard.core.rules;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.Releases;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Operator configuration the engine receives as plain data (the webhook reads it from its
 * configuration, the lint from its options).
 *
 * @param priorityRequesters user names allowed to set {@code spec.priority}
 * @param configuredDefaults per kind, a partial object whose leaves are added to created objects
 *     where the object has no value (docs/architecture.md#mutations {@code configured-defaults});
 *     may be empty
 * @param disabledRules ids of rules that are not run (and of the API server step's warnings that
 *     are not reported); see {@link io.migrationguard.core.catalogue.Rules#checkDisabled}
 * @param release the KubeVirt release profile the rules and schemas follow
 *     (docs/kubevirt-versions.md)
 * @param severities by rule id, the severity every finding of that rule gets instead of its own
 *     ({@code deny} and {@code warn} of {@code migration-guard.rule-actions}); {@code off} is in
 *     {@code disabledRules}
 */
public record Settings(
    Set<String> priorityRequesters,
    Map<Kind, ObjectNode> configuredDefaults,
    Set<String> disabledRules,
    Release release,
    Map<String, Severity> severities) {

  /** The default allow-list: KubeVirt's own controller. */
  public static final String KUBEVIRT_CONTROLLER =
      "system:serviceaccount:kubevirt:kubevirt-controller";

  public Settings {
    priorityRequesters = Set.copyOf(priorityRequesters);
    configuredDefaults = Map.copyOf(configuredDefaults);
    disabledRules = Set.copyOf(disabledRules);
    release = release == null ? Releases.NEWEST : release;
    severities = severities == null ? Map.of() : Map.copyOf(severities);
  }

  /** Settings with every rule at its own severity. */
  public Settings(
      Set<String> priorityRequesters,
      Map<Kind, ObjectNode> configuredDefaults,
      Set<String> disabledRules,
      Release release) {
    this(priorityRequesters, configuredDefaults, disabledRules, release, Map.of());
  }

  /** Settings for the newest release. */
  public Settings(
      Set<String> priorityRequesters,
      Map<Kind, ObjectNode> configuredDefaults,
      Set<String> disabledRules) {
    this(priorityRequesters, configuredDefaults, disabledRules, Releases.NEWEST);
  }

  /** Settings with every rule enabled, for the newest release. */
  public Settings(Set<String> priorityRequesters, Map<Kind, ObjectNode> configuredDefaults) {
    this(priorityRequesters, configuredDefaults, Set.of());
  }

  /** These settings for another release profile. */
  public Settings forRelease(Release other) {
    return new Settings(priorityRequesters, configuredDefaults, disabledRules, other, severities);
  }

  /**
   * These settings with {@code actions} applied: {@code off} disables the rule, {@code deny} and
   * {@code warn} set the severity of all its findings.
   */
  public Settings withActions(Map<String, RuleAction> actions) {
    Set<String> off = new HashSet<>(disabledRules);
    Map<String, Severity> sev = new HashMap<>(severities);
    actions.forEach(
        (id, action) -> {
          if (action == RuleAction.OFF) {
            off.add(id);
          } else {
            sev.put(id, action.severity());
          }
        });
    return new Settings(priorityRequesters, configuredDefaults, off, release, sev);
  }

  /** The severity {@code rule}'s findings get instead of {@code own}. */
  public Severity severityOf(String rule, Severity own) {
    return severities.getOrDefault(rule, own);
  }

  /** These settings with {@code rules} disabled as well. */
  public Settings disabling(Set<String> rules) {
    Set<String> all = new HashSet<>(disabledRules);
    all.addAll(rules);
    return new Settings(priorityRequesters, configuredDefaults, all, release, severities);
  }

  /**
   * Defaults: KubeVirt's controller may set priority; no configured defaults; the newest release.
   */
  public static Settings defaults() {
    return new Settings(Set.of(KUBEVIRT_CONTROLLER), Map.of());
  }
}
