package io.migrationguard.webhook.config;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.rules.RuleAction;
import io.migrationguard.core.rules.Settings;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Names every setting that weakens enforcement ({@link WeakeningSettings}) in the three places an
 * operator looks: one WARN line each at start, the readiness check {@code enforcement} ({@code
 * EnforcementReadiness}), and the gauge {@code migration_guard_enforcement_weakened{setting,rule}}
 * (1 per weakened rule; none when nothing is), so an alert or a dashboard can show that a rule
 * everyone relies on is off.
 */
@ApplicationScoped
@Startup
public class EnforcementWeakened {
  private static final Logger LOG = Logger.getLogger(EnforcementWeakened.class);

  @Inject MeterRegistry registry;
  @Inject Settings settings; // built first: a bad rule id has already stopped the start

  @ConfigProperty(name = "migration-guard.disabled-rules")
  Optional<List<String>> disabled;

  @ConfigProperty(name = "migration-guard.rule-actions")
  Optional<List<String>> actions;

  @ConfigProperty(name = "migration-guard.skip-exported-rules", defaultValue = "false")
  boolean skipExported;

  private List<WeakeningSettings.Weakened> weakened = List.of();

  @PostConstruct
  void name() {
    Map<String, RuleAction> byRule =
        Rules.parseActions(
            List.copyOf(WebhookBeans.trimmed(actions)), Rules.engineIds(Settings.defaults()));
    weakened = WeakeningSettings.of(WebhookBeans.trimmed(disabled), byRule, skipExported, settings);
    for (WeakeningSettings.Weakened w : weakened) {
      LOG.warn(w.line());
      Gauge.builder("migration.guard.enforcement.weakened", () -> 1)
          .description("A rule a setting turns off, to warnings only, or leaves to the API server")
          .tag("setting", w.setting())
          .tag("rule", w.rule())
          .register(registry);
    }
  }

  /** The entries, for readiness. */
  public List<WeakeningSettings.Weakened> weakened() {
    return weakened;
  }
}
