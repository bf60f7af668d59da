package io.migrationguard.webhook.health;

import io.migrationguard.webhook.config.EnforcementWeakened;
import io.migrationguard.webhook.config.WeakeningSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Always up (a weakening is a choice, not a fault), but says which settings weaken which rules:
 * {@code weakened} (how many rules) and one entry per setting, {@code disabled-rules}, {@code
 * rule-actions}, {@code skip-exported-rules}, listing its rules.
 */
@Readiness
@ApplicationScoped
public class EnforcementReadiness extends OnHealthThread {
  @Inject EnforcementWeakened enforcement;

  @Override
  HealthCheckResponse check() {
    List<WeakeningSettings.Weakened> all = enforcement.weakened();
    HealthCheckResponseBuilder b =
        HealthCheckResponse.named("enforcement").up().withData("weakened", all.size());
    for (String setting :
        all.stream().map(WeakeningSettings.Weakened::setting).distinct().toList()) {
      b.withData(
          setting,
          String.join(
              ",",
              all.stream().filter(w -> w.setting().equals(setting)).map(w -> w.rule()).toList()));
    }
    return b.build();
  }
}
