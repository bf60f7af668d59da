package io.migrationguard;

import io.migrationguard.audit.AuditInterval;
import io.migrationguard.cluster.ClusterDetection;
import io.migrationguard.cluster.ClusterMode;
import io.migrationguard.core.mutate.DefaultsConfig;
import io.migrationguard.webhook.tls.PemPreflight;
import io.quarkus.runtime.configuration.DurationConverter;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The checks of {@link SettingsPreflight} that a value alone cannot answer: the listen address as
 * the server will bind it, settings that must agree with others (the two TTLs, the audit and the
 * cluster mode), the PEM files' contents, the Quarkus settings docs/configuration.md documents, and
 * the configured defaults. Each finding is one line in the preflight's format; the bean that reads
 * the setting later throws for the same value, this only makes the message one line.
 */
final class SettingsCrossChecks {
  private SettingsCrossChecks() {}

  /** The Quarkus settings the documentation tells operators to tune, with what each must be. */
  private static final List<String> QUARKUS_DURATIONS =
      List.of("quarkus.http.idle-timeout", "quarkus.http.limits.rst-flood-window-duration");

  private static final List<String> QUARKUS_COUNTS =
      List.of(
          "quarkus.http.limits.max-concurrent-streams",
          "quarkus.thread-pool.max-threads",
          "quarkus.http.limits.rst-flood-max-rst-frame-per-window");

  static List<String> problems(
      Function<String, Optional<String>> lookup, Iterable<String> names, ClusterDetection cluster) {
    List<String> out = new ArrayList<>();
    set(lookup, "migration-guard.host").map(SettingsCrossChecks::host).ifPresent(out::add);
    ttls(lookup).ifPresent(out::add);
    clusterAndAudit(lookup, cluster).ifPresent(out::add);
    pair(lookup).ifPresent(out::add);
    set(lookup, "migration-guard.tls.client-ca")
        .filter(v -> !v.isBlank() && Files.isReadable(Path.of(v.strip())))
        .map(
            v ->
                why(
                    "migration-guard.tls.client-ca",
                    v,
                    PemPreflight.bundleProblem(Path.of(v.strip()))))
        .flatMap(Optional::ofNullable)
        .ifPresent(out::add);
    for (String name : QUARKUS_DURATIONS) {
      set(lookup, name).map(v -> why(name, v, positiveDuration(v))).ifPresent(out::add);
    }
    for (String name : QUARKUS_COUNTS) {
      set(lookup, name).map(v -> why(name, v, positiveCount(v))).ifPresent(out::add);
    }
    set(lookup, "quarkus.http.limits.max-body-size")
        .map(v -> why("quarkus.http.limits.max-body-size", v, size(v)))
        .ifPresent(out::add);
    defaults(lookup, names).ifPresent(out::add);
    return out.stream().filter(l -> l != null).toList();
  }

  /** A value that is set and not a Quarkus expression (those are Quarkus' to resolve). */
  private static Optional<String> set(Function<String, Optional<String>> lookup, String name) {
    return lookup.apply(name).filter(v -> !v.contains("${"));
  }

  private static String why(String name, String value, String why) {
    return why == null ? null : SettingsPreflight.line(name, value, why);
  }

  /** The address as the server binds it: spelled exactly, an IPv4 literal in range, resolvable. */
  static String host(String v) {
    String name = "migration-guard.host";
    String what = "an IP address or host name, such as 0.0.0.0 or 127.0.0.1";
    if (!v.equals(v.strip())) {
      return SettingsPreflight.line(name, v, what + ", without spaces around it");
    }
    if (v.matches("[0-9.]+")) {
      String[] octets = v.split("\\.", -1);
      boolean ok = octets.length == 4;
      for (String o : octets) {
        ok = ok && o.matches("[0-9]{1,3}") && Integer.parseInt(o) <= 255;
      }
      return ok ? null : SettingsPreflight.line(name, v, what + " (each of 4 numbers 0 to 255)");
    }
    if (!v.matches("[0-9A-Za-z.:%\\[\\]-]+")) {
      return null; // the value check has said it already
    }
    try {
      InetAddress.getByName(v); // a literal is parsed, a name resolved as the bind will
      return null;
    } catch (UnknownHostException e) {
      return SettingsPreflight.line(name, v, what + " (this one does not resolve)");
    }
  }

  private static Optional<String> ttls(Function<String, Optional<String>> lookup) {
    Optional<String> inflight = set(lookup, "migration-guard.cluster.inflight-ttl");
    Optional<String> unseen = set(lookup, "migration-guard.cluster.unseen-ttl");
    if (inflight.isEmpty() || unseen.isEmpty()) {
      return Optional.empty();
    }
    Duration in = duration(inflight.get());
    Duration un = duration(unseen.get());
    if (in == null || un == null || un.compareTo(in) <= 0) {
      return Optional.empty(); // a bad duration is the value check's line
    }
    return Optional.of(
        SettingsPreflight.line(
            "migration-guard.cluster.unseen-ttl",
            unseen.get(),
            "at most migration-guard.cluster.inflight-ttl, which is '"
                + inflight.get().strip()
                + "' (an object the caches do not show yet is held back at most that long)"));
  }

  private static Optional<String> clusterAndAudit(
      Function<String, Optional<String>> lookup, ClusterDetection cluster) {
    Optional<String> mode = set(lookup, "migration-guard.cluster");
    ClusterMode requested;
    try {
      requested = ClusterMode.parse(mode.orElse("auto"));
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // the value check's line
    }
    if (requested == ClusterMode.ON && cluster.source().isEmpty()) {
      return Optional.of(
          SettingsPreflight.line(
              "migration-guard.cluster",
              mode.get(),
              "on needs a Kubernetes API configuration and none was found: set KUBECONFIG,"
                  + " provide ~/.kube/config, run in a pod with a service account, or set off"));
    }
    Optional<String> interval = set(lookup, AuditInterval.SETTING);
    boolean audit;
    try {
      audit = interval.isPresent() && AuditInterval.parse(interval.get().strip()).isPresent();
    } catch (RuntimeException e) {
      return Optional.empty(); // the value check's line
    }
    if (audit && cluster.resolve(requested) == ClusterMode.OFF) {
      return Optional.of(
          SettingsPreflight.line(
              AuditInterval.SETTING,
              interval.get(),
              "the audit needs cluster lookups, and they are off (migration-guard.cluster="
                  + requested.value()
                  + (requested == ClusterMode.AUTO ? ", off outside a pod" : "")
                  + "): turn them on or set the audit off"));
    }
    return Optional.empty();
  }

  private static Optional<String> pair(Function<String, Optional<String>> lookup) {
    Optional<String> cert = set(lookup, "migration-guard.tls.cert").filter(v -> !v.isBlank());
    Optional<String> key = set(lookup, "migration-guard.tls.key").filter(v -> !v.isBlank());
    if (cert.isEmpty()
        || key.isEmpty()
        || !Files.isReadable(Path.of(cert.get().strip()))
        || !Files.isReadable(Path.of(key.get().strip()))) {
      return Optional.empty(); // generated, or the value check's "a readable file" line
    }
    String why = PemPreflight.pairProblem(Path.of(cert.get().strip()), Path.of(key.get().strip()));
    return Optional.ofNullable(
        why == null
            ? null
            : SettingsPreflight.line(
                "migration-guard.tls.key",
                key.get(),
                why + " (migration-guard.tls.cert '" + cert.get().strip() + "')"));
  }

  private static Optional<String> defaults(
      Function<String, Optional<String>> lookup, Iterable<String> names) {
    try {
      DefaultsConfig.read(names, lookup);
      return Optional.empty();
    } catch (RuntimeException e) {
      // DefaultsConfig names the property and what is wrong in its message.
      return Optional.of(String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
    }
  }

  private static Duration duration(String v) {
    try {
      return DurationConverter.parseDuration(v.strip());
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static String positiveDuration(String v) {
    Duration d = duration(v);
    return d == null || d.isNegative() || d.isZero()
        ? "a duration above zero, such as 120s or 2m"
        : null;
  }

  private static String positiveCount(String v) {
    try {
      return Long.parseLong(v.strip()) >= 1 ? null : "a whole number, at least 1";
    } catch (NumberFormatException e) {
      return "a whole number, at least 1";
    }
  }

  private static String size(String v) {
    try {
      return new MemorySizeConverter().convert(v.strip()).asLongValue() > 0
          ? null
          : "a size above zero, such as 3M";
    } catch (RuntimeException e) {
      return "a size above zero, such as 3M";
    }
  }
}
