package io.migrationguard.webhook.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.migrationguard.cluster.ClusterMode;
import io.migrationguard.cluster.ClusterRuntime;
import io.migrationguard.core.Engine;
import io.migrationguard.core.Settings;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.ReleaseChoice;
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
  private final Map<String, Gauge> gauges = new ConcurrentHashMap<>();
  private static final int MAX_SERIES = 16;

  @PostConstruct
  void start() {
    if (!following()) {
      use(named(setting == null ? AUTO : setting.strip()));
      return;
    }
    use(fromCluster());
    runtime.onKubeVirtChange(this::refresh);
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
  public void refresh() {
    if (!following()) {
      return;
    }
    ReleaseChoice next = fromCluster();
    Active now = active.get();
    if (now == null || !now.choice().equals(next)) {
      use(next);
    }
  }

  private ReleaseChoice fromCluster() {
    return runtime
        .kubevirt()
        .map(
            cr -> {
              JsonNode v = cr.path("status").path("observedKubeVirtVersion");
              return ReleaseChoice.observed(
                  v.isTextual() ? v.textValue() : null, "the KubeVirt CR");
            })
        .orElseGet(
            () ->
                new ReleaseChoice(
                    ReleaseChoice.newest().release(),
                    null,
                    "no KubeVirt CR in the cache yet: judged as "
                        + ReleaseChoice.newest().release().name()
                        + " until one is seen"));
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
   * {@code migration_guard_kubevirt_profile_info{profile,observed}}: 1 for the profile in force, 0
   * for the ones used before (a series per pair seen, so an upgrade shows as a step; at most
   * {@value #MAX_SERIES}, and label values capped, so a CR whose status keeps changing cannot grow
   * them).
   */
  private void gauge(ReleaseChoice choice) {
    String profile = choice.release().name();
    String observed = label(choice.observed());
    String key = profile + "\u0000" + observed;
    if (gauges.size() >= MAX_SERIES && !gauges.containsKey(key)) {
      return;
    }
    gauges.computeIfAbsent(
        key,
        k ->
            Gauge.builder(
                    "migration_guard_kubevirt_profile_info",
                    this,
                    self -> self.inForce(profile, observed) ? 1 : 0)
                .description("The KubeVirt release profile the rules judge for (1: in force)")
                .tag("profile", profile)
                .tag("observed", observed)
                .register(registry));
  }

  private boolean inForce(String profile, String observed) {
    Active a = active.get();
    return a.release().name().equals(profile) && label(a.choice().observed()).equals(observed);
  }

  private static String label(String observed) {
    return observed == null ? "" : observed.length() <= 64 ? observed : observed.substring(0, 64);
  }
}
