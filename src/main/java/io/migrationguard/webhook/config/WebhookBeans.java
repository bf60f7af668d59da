package io.migrationguard.webhook.config;

import io.migrationguard.core.Settings;
import io.migrationguard.core.apiserver.BeforeAdmission;
import io.migrationguard.core.rules.Rules;
import io.migrationguard.export.RuleExports;
import io.migrationguard.webhook.review.AdmissionReviews;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.HashSet;
import java.util.List;
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
    return settings.disabling(off);
  }

  /** A list setting's entries, each stripped of surrounding spaces, blanks dropped. */
  static Set<String> trimmed(Optional<List<String>> list) {
    Set<String> out = new HashSet<>();
    for (String s : list.orElse(List.of())) {
      if (!s.isBlank()) {
        out.add(s.strip());
      }
    }
    return out;
  }

  /** The ids the engine can report: its rules and the API server step's warnings. */
  private static List<String> engineIds(Settings settings) {
    List<String> ids = new java.util.ArrayList<>();
    Rules.all(settings).forEach(r -> ids.add(r.info().id()));
    ids.add(BeforeAdmission.DEPRECATED_VERSION);
    ids.add(BeforeAdmission.DROPPED_NULL);
    return ids;
  }

  @Produces
  @Singleton
  AdmissionReviews admissionReviews() {
    return new AdmissionReviews();
  }
}
