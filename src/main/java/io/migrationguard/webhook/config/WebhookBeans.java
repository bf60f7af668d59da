package io.migrationguard.webhook.config;

import io.migrationguard.core.Admission;
import io.migrationguard.core.Engines;
import io.migrationguard.core.Settings;
import io.migrationguard.webhook.review.AdmissionReviews;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
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
      Config config) {
    return new Settings(
        new HashSet<>(requesters.orElse(List.of())),
        ConfiguredDefaults.read(
            config.getPropertyNames(), name -> config.getOptionalValue(name, String.class)));
  }

  @Produces
  @Singleton
  @Startup // load schemas and rules before the first review, not during it
  Admission admission(Settings settings) {
    return Engines.standard(settings);
  }

  @Produces
  @Singleton
  AdmissionReviews admissionReviews() {
    return new AdmissionReviews();
  }
}
