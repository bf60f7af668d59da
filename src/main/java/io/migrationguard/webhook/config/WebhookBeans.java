package io.migrationguard.webhook.config;

import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.mutate.DefaultsConfig;
import io.migrationguard.core.rules.RuleAction;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.export.RuleExports;
import io.migrationguard.webhook.review.AdmissionReviews;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Builds the service's long-lived objects from configuration: the engine settings, the engine
 * (once, shared) and the wire codec (the cluster view: {@code io.migrationguard.cluster}). Settings
 * are read at start so that bad configuration stops the service instead of the first review.
 */
@ApplicationScoped
public class WebhookBeans {

  @Produces
  @Singleton
  @Startup
  Settings settings(
      @ConfigProperty(name = "migration-guard.priority-requesters")
          Optional<List<String>> requesters,
      @ConfigProperty(name = "migration-guard.disabled-rules") Optional<List<String>> disabled,
      @ConfigProperty(name = "migration-guard.rule-actions") Optional<List<String>> actions,
      @ConfigProperty(name = "migration-guard.skip-exported-rules") boolean skipExported,
      Config config) {
    // Trimmed, as the export trims them: "a, system:serviceaccount:..." must not leave "
    // system:..."
    // in the list (it would refuse KubeVirt's own controller).
    Settings settings =
        new Settings(
            trimmed(requesters),
            DefaultsConfig.read(
                config.getPropertyNames(), name -> config.getOptionalValue(name, String.class)));
    Set<String> off = trimmed(disabled);
    Map<String, RuleAction> byRule;
    try {
      byRule = Rules.parseActions(trimmed(actions), engineIds(settings));
    } catch (IllegalArgumentException e) {
      // Stop at start: a typo here would silently leave the rule enforced (or not) in production.
      throw new IllegalArgumentException("migration-guard.rule-actions: " + e.getMessage());
    }
    for (String id : off) {
      RuleAction said = byRule.get(id);
      if (said != null && said != RuleAction.OFF) {
        throw new IllegalArgumentException(
            "migration-guard.disabled-rules turns "
                + id
                + " off, migration-guard.rule-actions says "
                + said.word()
                + ": keep one (disabled-rules is the same as id=off)");
      }
    }
    if (skipExported) {
      // The API server enforces these through the exported admission policies (overlay
      // manifests/overlays/policies): judging them here too would only repeat each denial.
      off.addAll(RuleExports.exportedIds(settings));
    }
    String bad = Rules.checkDisabled(off, engineIds(settings));
    if (bad != null) {
      // Stop at start: a typo here would silently leave the rule on (or off) in production.
      throw new IllegalArgumentException("migration-guard.disabled-rules: " + bad);
    }
    return settings.withActions(byRule).disabling(off);
  }

  /** A list setting's entries, each stripped of surrounding spaces, blanks dropped. */
  public static Set<String> trimmed(Optional<List<String>> list) {
    Set<String> out = new HashSet<>();
    for (String s : list.orElse(List.of())) {
      if (!s.isBlank()) {
        out.add(s.strip());
      }
    }
    return out;
  }

  private static List<String> engineIds(Settings settings) {
    return Rules.engineIds(settings);
  }

  @Produces
  @Singleton
  AdmissionReviews admissionReviews() {
    return new AdmissionReviews();
  }
}
