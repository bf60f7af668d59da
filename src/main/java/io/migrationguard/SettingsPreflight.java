package io.migrationguard;

import io.migrationguard.audit.AuditInterval;
import io.migrationguard.cluster.ClusterDetection;
import io.migrationguard.core.catalogue.Rules;
import io.migrationguard.core.release.ReleaseChoice;
import io.migrationguard.core.rules.Settings;
import io.migrationguard.export.ServiceSetting;
import io.migrationguard.report.TerminalText;
import io.migrationguard.webhook.config.BodyBudgetBound;
import io.migrationguard.webhook.intake.ReviewExecutor;
import io.migrationguard.webhook.review.AdmissionReviews;
import io.quarkus.runtime.configuration.DurationConverter;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * The service's settings checked before the server starts: one line per bad setting, naming it, its
 * environment variable, the value and what is allowed, then exit 1. Without this, a typo in one
 * environment variable is a 40-line stack trace from the bean that reads it. The beans still check
 * what they read (a second line of defence, and what @QuarkusTest runs see).
 *
 * <p>A value is looked up as Quarkus does for these names: system property, then environment
 * variable ({@code MIGRATION_GUARD_...}), then {@code application.properties}. A value with an
 * unresolved {@code ${...}} expression is left to Quarkus.
 */
public final class SettingsPreflight {
  private SettingsPreflight() {}

  /** A value, or why it is refused (the allowed values or range), or null when fine. */
  private interface Check extends Function<String, String> {}

  /** The lines, one per bad setting; empty when every setting is fine. */
  public static List<String> problems(Function<String, Optional<String>> lookup) {
    return problems(lookup, namesOfThisProcess(), ClusterDetection.ofThisProcess());
  }

  /** As above, with the property names (configured defaults) and the cluster detection given. */
  static List<String> problems(
      Function<String, Optional<String>> lookup, Iterable<String> names, ClusterDetection cluster) {
    List<String> out = new ArrayList<>();
    check(
        out,
        lookup,
        "migration-guard.port",
        v -> range(v, 0, 65535, "a port number (0: any free port)"));
    check(
        out,
        lookup,
        "migration-guard.host",
        v ->
            v.isBlank() || !v.matches("[0-9A-Za-z.:%\\[\\]-]+")
                ? "an IP address or host name, such as 0.0.0.0 or 127.0.0.1"
                : null);
    check(out, lookup, "migration-guard.cluster", v -> oneOf(v, "auto", "on", "off"));
    check(out, lookup, "migration-guard.kubevirt-version", SettingsPreflight::kubevirtVersion);
    for (String name :
        List.of(
            "migration-guard.cluster.lookup-timeout",
            "migration-guard.cluster.inflight-ttl",
            "migration-guard.cluster.unseen-ttl",
            "migration-guard.body-timeout",
            "migration-guard.shutdown-timeout")) {
      check(out, lookup, name, v -> positiveDuration(v));
    }
    check(
        out,
        lookup,
        "migration-guard.tls.reload-period",
        v -> duration(v) == null ? "a duration such as 10s (0s: never)" : null);
    check(out, lookup, AuditInterval.SETTING, SettingsPreflight::auditInterval);
    check(out, lookup, "migration-guard.body-budget", SettingsPreflight::bodyBudget);
    check(
        out,
        lookup,
        "migration-guard.review-threads",
        v -> range(v, 1, ReviewExecutor.MAX_THREADS, "a number of threads"));
    check(
        out,
        lookup,
        "migration-guard.skip-exported-rules",
        v -> oneOf(v.toLowerCase(Locale.ROOT), "true", "false"));
    check(
        out,
        lookup,
        "migration-guard.startup-training",
        v -> oneOf(v.toLowerCase(Locale.ROOT), "true", "false"));
    check(out, lookup, "migration-guard.rule-actions", SettingsPreflight::ruleActions);
    check(out, lookup, "migration-guard.disabled-rules", SettingsPreflight::disabledRules);
    for (String file :
        List.of(
            "migration-guard.tls.cert",
            "migration-guard.tls.key",
            "migration-guard.tls.client-ca")) {
      check(
          out,
          lookup,
          file,
          v -> v.isBlank() || Files.isReadable(Path.of(v)) ? null : "a readable file (or unset)");
    }
    out.addAll(SettingsCrossChecks.problems(lookup, names, cluster));
    return out;
  }

  /** Names set as system properties or in application.properties (per-field defaults). */
  static List<String> namesOfThisProcess() {
    Properties defaults = applicationProperties();
    List<String> out = new ArrayList<>(defaults.stringPropertyNames());
    out.addAll(System.getProperties().stringPropertyNames());
    return out;
  }

  /** Looks names up in this process: system property, environment, application.properties. */
  public static Function<String, Optional<String>> ofThisProcess() {
    Properties defaults = applicationProperties();
    return name -> {
      String v = System.getProperty(name);
      if (v == null) {
        v = System.getenv(envName(name));
      }
      if (v == null) {
        v = defaults.getProperty(name);
      }
      return Optional.ofNullable(v);
    };
  }

  /** The environment variable Quarkus maps to {@code name}. */
  public static String envName(String name) {
    return ServiceSetting.envName(name);
  }

  private static void check(
      List<String> out, Function<String, Optional<String>> lookup, String name, Check check) {
    Optional<String> value = lookup.apply(name);
    if (value.isEmpty() || value.get().contains("${")) {
      return;
    }
    String why;
    try {
      why = check.apply(value.get().strip());
    } catch (RuntimeException e) {
      why = e.getMessage();
    }
    if (why != null) {
      out.add(line(name, value.get(), why));
    }
  }

  /** One line: the setting, its value quoted, its environment variable, what is allowed. */
  static String line(String name, String value, String why) {
    return name + ": '" + TerminalText.safe(value) + "' (" + envName(name) + "): " + why;
  }

  private static String range(String v, long min, long max, String what) {
    try {
      long n = Long.parseLong(v);
      if (n >= min && n <= max) {
        return null;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    return what + " from " + min + " to " + max;
  }

  private static String oneOf(String v, String... allowed) {
    return Arrays.asList(allowed).contains(v) ? null : "one of " + String.join(", ", allowed);
  }

  private static Duration duration(String v) {
    try {
      return DurationConverter.parseDuration(v);
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static String positiveDuration(String v) {
    Duration d = duration(v);
    return d == null || d.isZero() || d.isNegative()
        ? "a duration above zero, such as 2s, 500ms or 1m"
        : null;
  }

  private static String auditInterval(String v) {
    AuditInterval.parse(v); // throws with the whole sentence
    return null;
  }

  private static String bodyBudget(String v) {
    long most = BodyBudgetBound.most(Runtime.getRuntime().maxMemory());
    String range = "from 3M to " + (most >> 20) + "M, " + BodyBudgetBound.WHY;
    try {
      long bytes = new MemorySizeConverter().convert(v).asLongValue();
      return bytes >= AdmissionReviews.MAX_BODY_BYTES && bytes <= most ? null : "a size " + range;
    } catch (RuntimeException e) {
      return "a size such as 32M, " + range;
    }
  }

  private static String kubevirtVersion(String v) {
    if (v.equalsIgnoreCase("auto")) {
      return null;
    }
    try {
      ReleaseChoice.of(v);
      return null;
    } catch (ReleaseChoice.UnknownVersion e) {
      return e.getMessage() + ", or auto";
    }
  }

  private static String ruleActions(String v) {
    List<String> entries = list(v);
    Rules.parseActions(entries, Rules.engineIds(Settings.defaults()));
    return null;
  }

  private static String disabledRules(String v) {
    return Rules.checkDisabled(new HashSet<>(list(v)), Rules.engineIds(Settings.defaults()));
  }

  private static List<String> list(String v) {
    List<String> out = new ArrayList<>();
    for (String s : v.split(",")) {
      if (!s.isBlank()) {
        out.add(s.strip());
      }
    }
    return out;
  }

  /**
   * The packaged application.properties; empty when unreadable (Quarkus will say what is wrong).
   */
  private static Properties applicationProperties() {
    Properties defaults = new Properties();
    try (InputStream in =
        SettingsPreflight.class.getClassLoader().getResourceAsStream("application.properties")) {
      if (in != null) {
        defaults.load(in);
      }
    } catch (IOException e) {
      // none
    }
    return defaults;
  }
}
