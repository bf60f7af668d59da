package io.migrationguard.core.release;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which profile judges, and why (docs/kubevirt-versions.md#choosing-the-profile): from a version as
 * a user writes it ({@code --kubevirt-version}, the service setting) or as a KubeVirt CR reports it
 * ({@code status.observedKubeVirtVersion}).
 *
 * @param release the profile
 * @param observed the version it was chosen from, as given (null when none was: the default)
 * @param warning what the user should know about the choice (a newer release judged as main, a
 *     version that could not be read), or null
 */
public record ReleaseChoice(Release release, String observed, String warning) {
  public ReleaseChoice {
    // A version comes from input (a flag, a CR's status): bounded and printable wherever shown.
    observed = observed == null ? null : shown(observed);
  }

  /** {@code v1.9}, {@code 1.9}, {@code v1.9.2}, {@code v1.9.0-rc.1}, {@code v1.10.0+build}. */
  private static final Pattern VERSION =
      Pattern.compile("v?(\\d{1,9})\\.(\\d{1,9})(?:\\.\\d{1,9})?(?:[-+][0-9A-Za-z.+-]{0,200})?");

  /** A version that names no profile; the message lists the profiles. */
  public static final class UnknownVersion extends IllegalArgumentException {
    UnknownVersion(String message) {
      super(message);
    }
  }

  /** Nothing named a version: the newest release. */
  public static ReleaseChoice newest() {
    return new ReleaseChoice(Releases.NEWEST, null, null);
  }

  /**
   * The profile a user named: a profile name, or a version. Refuses what names no profile (garbage,
   * older than the oldest profile); a release newer than the newest is judged as main, with a
   * warning naming both.
   */
  public static ReleaseChoice of(String version) {
    String v = version == null ? "" : version.strip();
    Release exact = Releases.named(v);
    if (exact != null) {
      return new ReleaseChoice(exact, v, null);
    }
    Matcher m = VERSION.matcher(v);
    if (!m.matches()) {
      throw new UnknownVersion(
          "not a KubeVirt version: \""
              + shown(v)
              + "\" (write v1.9, 1.9, v1.9.2 or main; profiles: "
              + Releases.names()
              + ")");
    }
    int major = Integer.parseInt(m.group(1));
    int minor = Integer.parseInt(m.group(2));
    for (Release r : Releases.ALL) {
      if (major == 1 && r.minor() == minor) {
        return new ReleaseChoice(r, v, null);
      }
    }
    if (major < 1 || major == 1 && minor < Releases.OLDEST.minor()) {
      throw new UnknownVersion(
          "KubeVirt "
              + v
              + " is older than the oldest profile, "
              + Releases.OLDEST.name()
              + " (profiles: "
              + Releases.names()
              + ")");
    }
    return new ReleaseChoice(
        Releases.MAIN,
        v,
        "KubeVirt "
            + v
            + " is newer than "
            + Releases.NEWEST.name()
            + ", the newest release profile: judged as main ("
            + Releases.MAIN.source()
            + ")");
  }

  /**
   * The profile of a KubeVirt CR's {@code status.observedKubeVirtVersion} ({@code where} says
   * whose, for messages): the version's profile; without a version (KubeVirt still installing) or
   * with one that cannot be read, the newest release, with a warning that says so; a version older
   * than the oldest profile is judged by the oldest, with a warning.
   */
  public static ReleaseChoice observed(String version, String where) {
    if (version == null || version.isBlank()) {
      return new ReleaseChoice(
          Releases.NEWEST,
          null,
          where
              + " has no status.observedKubeVirtVersion (KubeVirt not yet deployed?): judged as "
              + Releases.NEWEST.name()
              + ", the newest release");
    }
    try {
      return of(version);
    } catch (UnknownVersion e) {
      Release fallback = oldOrUnreadable(version);
      return new ReleaseChoice(
          fallback, version, where + ": " + e.getMessage() + "; judged as " + fallback.name());
    }
  }

  private static Release oldOrUnreadable(String version) {
    Matcher m = VERSION.matcher(version.strip());
    return m.matches() ? Releases.OLDEST : Releases.NEWEST;
  }

  /**
   * The profile's name, and the version it was chosen from when that differs: {@code v1.9
   * (v1.9.2)}.
   */
  public String describe() {
    return observed == null || observed.equals(release.name())
        ? release.name()
        : release.name() + " (" + observed + ")";
  }

  /** At most 64 printable ASCII characters of a version taken from input, for messages. */
  static String shown(String v) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < v.length() && out.length() < 64; i++) {
      char c = v.charAt(i);
      out.append(c >= 0x20 && c < 0x7f ? c : '?');
    }
    return v.length() > 64 ? out + "..." : out.toString();
  }
}
