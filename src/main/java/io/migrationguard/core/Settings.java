package io.migrationguard.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.Releases;
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
 *     are not reported); see {@link io.migrationguard.core.rules.Rules#checkDisabled}
 * @param release the KubeVirt release profile the rules and schemas follow
 *     (docs/kubevirt-versions.md)
 */
public record Settings(
    Set<String> priorityRequesters,
    Map<Kind, ObjectNode> configuredDefaults,
    Set<String> disabledRules,
    Release release) {

  /** The default allow-list: KubeVirt's own controller. */
  public static final String KUBEVIRT_CONTROLLER =
      "system:serviceaccount:kubevirt:kubevirt-controller";

  public Settings {
    priorityRequesters = Set.copyOf(priorityRequesters);
    configuredDefaults = Map.copyOf(configuredDefaults);
    disabledRules = Set.copyOf(disabledRules);
    release = release == null ? Releases.NEWEST : release;
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
    return new Settings(priorityRequesters, configuredDefaults, disabledRules, other);
  }

  /** These settings with {@code rules} disabled as well. */
  public Settings disabling(Set<String> rules) {
    Set<String> all = new java.util.HashSet<>(disabledRules);
    all.addAll(rules);
    return new Settings(priorityRequesters, configuredDefaults, all, release);
  }

  /**
   * Defaults: KubeVirt's controller may set priority; no configured defaults; the newest release.
   */
  public static Settings defaults() {
    return new Settings(Set.of(KUBEVIRT_CONTROLLER), Map.of());
  }
}
