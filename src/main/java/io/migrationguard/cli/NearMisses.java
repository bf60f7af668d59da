package io.migrationguard.cli;

import io.migrationguard.core.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Near misses of our two kinds: an object the API server would not serve as one of them, though its
 * author plainly meant one (a kind misspelt or pluralised in one of our groups, or one of our kinds
 * under a version or group that does not serve it). The lint says so as a warning (rules.md §0 step
 * 1b), instead of counting it skipped in silence.
 */
final class NearMisses {
  /** Edits (insertions, deletions, substitutions) that still make a kind name a near miss. */
  private static final int MAX_EDITS = 2;

  private NearMisses() {}

  /** What is near: the field ({@code kind} or {@code apiVersion}), its value, and the advice. */
  record Miss(String field, String value, String message) {}

  static Optional<Miss> of(String apiVersion, String kind) {
    String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    // Another project's kind of the same name (another group) is not ours to judge.
    boolean kubevirtGroup = group.equals("kubevirt.io") || group.endsWith(".kubevirt.io");
    for (Kind k : Kind.values()) {
      if (kubevirtGroup && k.kindName().equals(kind)) {
        return Optional.of(
            new Miss(
                "apiVersion",
                apiVersion,
                k.kindName() + " is served as " + served(k) + ": this object is not checked"));
      }
    }
    if (!ourGroup(group)) {
      return Optional.empty();
    }
    for (Kind k : Kind.values()) {
      if (close(kind, k.kindName())) {
        return Optional.of(
            new Miss(
                "kind",
                kind,
                "not a kind KubeVirt serves; did you mean "
                    + k.kindName()
                    + " ("
                    + served(k)
                    + ")? This object is not checked"));
      }
    }
    return Optional.empty();
  }

  private static boolean ourGroup(String group) {
    for (Kind k : Kind.values()) {
      if (k.group().equals(group)) {
        return true;
      }
    }
    return false;
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
    return Math.abs(a.length() - b.length()) <= MAX_EDITS && edits(a, b) <= MAX_EDITS;
  }

  /** Levenshtein distance (both strings are short kind names). */
  private static int edits(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
