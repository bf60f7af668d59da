package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.migrationguard.core.Engine;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.ReleaseChoice;
import io.migrationguard.core.rules.Settings;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The engine of the KubeVirt release profile in force
 * (docs/kubevirt-versions.md#choosing-the-profile): the one {@code
 * migration-guard.kubevirt-version} names, or with {@code auto} the one of the KubeVirt CR's {@code
 * status.observedKubeVirtVersion}, followed through the informer so that an upgrade switches the
 * profile without a restart (with lookups off: the newest release).
 *
 * <p>A review takes {@link #active()} once and judges with it from start to end: a switch builds
 * the new profile's engine first, then swaps one reference, so no review sees half of each.
 */
@ApplicationScoped
@Startup
public class ReleaseEngines {
  private static final Logger LOG = Logger.getLogger(ReleaseEngines.class);

  /** The setting's value that follows the cluster. */
  public static final String AUTO = "auto";

  /** The profile in force and its engine. */
  public record Active(ReleaseChoice choice, Engine engine) {
    public Release release() {
      return choice.release();
    }
  }

  @Inject Settings settings;
  @Inject ClusterRuntime runtime;
  @Inject MeterRegistry registry;

  @ConfigProperty(name = "migration-guard.kubevirt-version")
  String setting;

  private final Map<String, Engine> engines = new ConcurrentHashMap<>();
  private final AtomicReference<Active> active = new AtomicReference<>();
  private Gauge gauge; // guarded by this

  private String settingsWarning;

  @PostConstruct
  void start() {
    if (!following()) {
      use(named(setting == null ? AUTO : setting.strip()));
    } else {
      use(fromCluster());
      runtime.onKubeVirtChange(this::refresh);
    }
    checkSettings();
  }

  /**
   * Settings that would block evacuations (docs/configuration.md): a default the rules refuse stops
   * the service at start; an allow-list without KubeVirt's controller is a warning, logged and
   * shown in readiness.
   */
  private void checkSettings() {
    String defaults = SettingsCheck.defaultsProblem(active().engine());
    if (defaults != null) {
      throw new IllegalArgumentException(defaults);
    }
    settingsWarning = SettingsCheck.requestersWarning(settings.priorityRequesters());
    if (settingsWarning != null) {
      LOG.warn(settingsWarning);
    }
  }

  /** What the settings check warned about at start, or null. */
  public String settingsWarning() {
    return settingsWarning;
  }

  /** The profile the setting names: its own, or with {@code auto} (lookups off) the newest. */
  private static ReleaseChoice named(String value) {
    if (value.equalsIgnoreCase(AUTO)) {
      return ReleaseChoice.newest();
    }
    try {
      return ReleaseChoice.of(value);
    } catch (ReleaseChoice.UnknownVersion e) {
      // Stop at start: a typo here would judge every review for the wrong release.
      throw new IllegalArgumentException(
          "migration-guard.kubevirt-version (MIGRATION_GUARD_KUBEVIRT_VERSION): "
              + e.getMessage()
              + ", or auto");
    }
  }

  /** A fixed engine outside CDI (benchmarks that build the handler by hand). */
  public static ReleaseEngines fixed(Engine engine) {
    ReleaseEngines engines = new ReleaseEngines();
    engines.setting = engine.release().name(); // named, so nothing follows a cluster
    engines.active.set(new Active(new ReleaseChoice(engine.release(), null, null), engine));
    return engines;
  }

  /** The profile in force now. */
  public Active active() {
    return active.get();
  }

  /** Whether the profile follows the cluster's KubeVirt CR ({@code auto} in cluster mode). */
  public boolean following() {
    return AUTO.equalsIgnoreCase(setting == null ? AUTO : setting.strip())
        && runtime.mode() == ClusterMode.ON;
  }

  /**
   * Follows the KubeVirt CR (its informer's thread, and readiness, so that a missed or late event
   * cannot leave a replica on the old profile): switches when the observed version differs.
   */
  public synchronized void refresh() {
    if (!following()) {
      return;
    }
    // Read and switch under one lock: the informer and readiness cannot undo each other's switch.
    ReleaseChoice next = fromCluster();
    Active now = active.get();
    if (next != null && (now == null || !now.choice().equals(next))) {
      use(next);
    }
  }

  /**
   * The choice the cache's KubeVirt CR makes, or null when the cache has never synced and a profile
   * is already in force (keep it: nothing is known yet).
   */
  private ReleaseChoice fromCluster() {
    KubeVirtSeen seen = runtime.lastKnownKubeVirt();
    if (!seen.listed()) {
      return active.get() != null ? null : notYetKnown("the KubeVirt CRs are not listed yet");
    }
    return seen.kubevirt()
        .map(
            kv -> {
              JsonNode v = kv.path("status").path("observedKubeVirtVersion");
              return ReleaseChoice.observed(
                  v.isTextual() ? v.textValue() : null, "the KubeVirt CR");
            })
        .orElseGet(() -> notYetKnown("no KubeVirt CR in the cluster"));
  }

  private static ReleaseChoice notYetKnown(String why) {
    Release newest = ReleaseChoice.newest().release();
    return new ReleaseChoice(
        newest, null, why + ": judged as " + newest.name() + " until one is seen");
  }

  /**
   * Puts {@code choice} in force: its engine built first (once per profile), then swapped in. The
   * informer's path ({@link #refresh}); tests call it to judge a vector for another release.
   */
  public synchronized void use(ReleaseChoice choice) {
    // Built before the swap: a review never waits for a profile's schemas, nor sees two profiles.
    Engine engine =
        engines.computeIfAbsent(
            choice.release().name(), n -> Engine.standard(settings.forRelease(choice.release())));
    Active before = active.getAndSet(new Active(choice, engine));
    if (choice.warning() != null) {
      LOG.warn(choice.warning());
    }
    if (before == null || !before.choice().equals(choice)) {
      LOG.infof(
          "judging for KubeVirt release profile %s (%s)%s",
          choice.describe(),
          choice.release().source(),
          before == null ? "" : ", was " + before.choice().describe());
    }
    gauge(choice);
  }

  /**
   * {@code migration_guard_kubevirt_profile_info{profile,observed} 1}: one series, the profile in
   * force; a switch replaces it (the old series ends, as an info metric's does), so a version that
   * keeps changing cannot grow the metrics and the one in force is always the one shown.
   */
  private void gauge(ReleaseChoice choice) {
    if (registry == null) {
      return; // built by hand, outside CDI (benchmarks)
    }
    String profile = choice.release().name();
    String observed = choice.observed() == null ? "" : choice.observed();
    Gauge before = gauge;
    if (before != null
        && profile.equals(before.getId().getTag("profile"))
        && observed.equals(before.getId().getTag("observed"))) {
      return;
    }
    if (before != null) {
      registry.remove(before);
    }
    gauge =
        Gauge.builder("migration_guard_kubevirt_profile_info", () -> 1)
            .description("The KubeVirt release profile the rules judge for")
            .tag("profile", profile)
            .tag("observed", observed)
            .register(registry);
  }
}
