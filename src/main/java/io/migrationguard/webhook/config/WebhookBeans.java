package io.migrationguard.webhook.config;

import io.migrationguard.core.Admission;
import io.migrationguard.core.Engines;
import io.migrationguard.core.Settings;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.webhook.review.AdmissionReviews;
import io.quarkus.arc.DefaultBean;
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
 * (once, shared), the wire codec and the cluster view. Settings are read at start so that bad
 * configuration stops the service instead of the first review.
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

  @Produces
  @Singleton
  @Startup
  ClusterMode clusterMode(@ConfigProperty(name = "migration-guard.cluster") String mode) {
    return ClusterMode.parse(mode);
  }

  /**
   * No cluster yet: the cluster-aware rules are skipped and readiness says so. A view backed by the
   * Kubernetes API replaces this default bean; tests swap in their own.
   */
  @Produces
  @ApplicationScoped
  @DefaultBean
  ClusterView clusterView() {
    return ClusterView.none();
  }
}
