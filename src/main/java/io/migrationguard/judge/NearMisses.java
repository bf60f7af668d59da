package io.migrationguard.judge;

import io.migrationguard.core.model.Kind;
import io.migrationguard.core.names.Suggest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Near misses of our two kinds: an object the API server would not serve as one of them, though its
 * author plainly meant one (a kind misspelt or pluralised in one of our groups, or one of our kinds
 * under a version or group that does not serve it). The lint says so as a warning
 * (docs/architecture.md#what-the-api-server-does-first), instead of counting it skipped in silence.
 */
final class NearMisses {
  /** Edits (insertions, deletions, substitutions) that still make a kind name a near miss. */
  private static final int MAX_EDITS = 2;

  private NearMisses() {}

  /** What is near: the field ({@code kind} or {@code apiVersion}), its value, and the advice. */
  record Miss(String field, String value, String message) {}

  /** The kinds KubeVirt serves in {@code kubevirt.io}, in {@code v1} and {@code v1alpha3}. */
  private static final Set<String> KUBEVIRT_IO_KINDS =
      Set.of(
          "KubeVirt",
          "VirtualMachine",
          "VirtualMachineInstance",
          "VirtualMachineInstanceMigration",
          "VirtualMachineInstanceReplicaSet",
          "VirtualMachineInstancePreset");

  private static final Set<String> KUBEVIRT_IO_VERSIONS = Set.of("v1", "v1alpha3");
  private static final String KUBEVIRT_IO = "kubevirt.io";
  private static final String MIGRATIONS = "migrations.kubevirt.io";

  static Optional<Miss> of(String apiVersion, String kind) {
    int slash = apiVersion.indexOf('/');
    String group = slash < 0 ? "" : apiVersion.substring(0, slash);
    String version = apiVersion.substring(slash + 1);
    String bare = kind.endsWith("List") ? kind.substring(0, kind.length() - 4) : kind;
    // One of our kinds in a KubeVirt group or version that does not serve it.
    for (Kind k : Kind.values()) {
      if (k.kindName().equals(bare)
          && (group.equals(KUBEVIRT_IO) || group.endsWith("." + KUBEVIRT_IO))
          && !k.servesApiVersion(apiVersion)) {
        return Optional.of(
            new Miss(
                "apiVersion",
                apiVersion,
                k.kindName() + " is served as " + served(k) + ": this object is not checked"));
      }
    }
    if (group.equals(KUBEVIRT_IO)) {
      if (!KUBEVIRT_IO_KINDS.contains(bare)) {
        return Optional.of(new Miss("kind", kind, notServed(kind, group, KUBEVIRT_IO_KINDS)));
      }
      if (!KUBEVIRT_IO_VERSIONS.contains(version)) {
        return Optional.of(
            new Miss(
                "apiVersion",
                apiVersion,
                "kubevirt.io serves v1 (and the deprecated v1alpha3): this object is not checked"));
      }
    }
    // Other controllers serve kinds of their own in migrations.kubevirt.io (storage migration):
    // only a kind close to MigrationPolicy, or one of kubevirt.io's, is a near miss there.
    if (group.equals(MIGRATIONS)
        && (close(bare, Kind.POLICY.kindName()) || KUBEVIRT_IO_KINDS.contains(bare))) {
      return Optional.of(new Miss("kind", kind, notServed(kind, group, Set.of("MigrationPolicy"))));
    }
    return Optional.empty();
  }

  /** Says a kind is not served in {@code group}, and which served kind is closest, if any is. */
  private static String notServed(String kind, String group, Set<String> served) {
    String hint = "";
    for (String s : served.stream().sorted().toList()) {
      if (close(kind, s)) {
        hint = " (did you mean " + s + "?)";
      }
    }
    if (hint.isEmpty() && KUBEVIRT_IO_KINDS.contains(kind)) {
      hint = " (" + kind + " is served in kubevirt.io)";
    }
    return "not a kind served in " + group + hint + ": this object is not checked";
  }

  private static String served(Kind k) {
    List<String> versions = new ArrayList<>();
    versions.add(k.apiVersion());
    k.deprecatedApiVersions().forEach(v -> versions.add(v + " (deprecated)"));
    return String.join(", ", versions);
  }

  /** Case-insensitively equal, or within {@link #MAX_EDITS} edits (a plural, a typo). */
  static boolean close(String written, String kind) {
    String a = written.toLowerCase(Locale.ROOT);
    String b = kind.toLowerCase(Locale.ROOT);
    return Math.abs(a.length() - b.length()) <= MAX_EDITS && Suggest.distance(a, b) <= MAX_EDITS;
  }
}
