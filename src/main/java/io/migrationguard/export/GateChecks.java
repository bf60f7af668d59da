package io.migrationguard.export;

import static io.migrationguard.core.model.Operation.CREATE;
import static io.migrationguard.core.model.Operation.UPDATE;

import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.release.Maturity;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.Releases;
import io.migrationguard.core.schema.ReleaseSchemas;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The feature-gate rules in CEL, for one release profile. The gates are read from the policy's
 * parameter, the KubeVirt CR ({@code params}), and resolved as that release resolves them ({@link
 * Release#enabled}: its gate era and each gate's maturity in it). A null {@code params} lists no
 * gate, as a cluster without a KubeVirt CR does for the webhook.
 */
final class GateChecks {
  static final String STALL_DETECTION = Releases.STALL_DETECTION;
  static final String DOWNTIME_TUNING = Releases.DOWNTIME_TUNING;
  static final String DECENTRALIZED = Releases.DECENTRALIZED;
  static final String PRIORITY_QUEUE = Releases.PRIORITY_QUEUE;

  private GateChecks() {}

  static List<Check> decentralized(Release release) {
    List<Check> out = new ArrayList<>();
    for (String field : new String[] {"sendTo", "receive"}) {
      out.add(
          new Check(
              "vmim-decentralized-gate",
              Set.of(CREATE),
              gated(release, Kind.VMIM, DECENTRALIZED, "spec", field),
              Words.plain(
                  "spec." + field,
                  CauseType.FORBIDDEN,
                  "decentralized live migration requires the "
                      + DECENTRALIZED
                      + " feature gate, which is disabled in the KubeVirt configuration")));
    }
    return out;
  }

  /** {@code spec.priority} needs its gate where the release does not have it GA. */
  static List<Check> priority(Release release) {
    return List.of(
        new Check(
            "vmim-priority-gate",
            Set.of(CREATE),
            gated(release, Kind.VMIM, PRIORITY_QUEUE, "spec", "priority"),
            Words.plain(
                "spec.priority",
                CauseType.FORBIDDEN,
                "the migration priority queue requires the "
                    + PRIORITY_QUEUE
                    + " feature gate, which is disabled in the KubeVirt configuration")));
  }

  static List<Check> maxDowntime(Release release) {
    String now = Cel.opt("object", "spec", "maxDowntimeMs");
    List<String> gates =
        List.of(STALL_DETECTION, DOWNTIME_TUNING).stream().filter(release::knows).toList();
    StringBuilder condition = new StringBuilder(setOrChanged("spec", "maxDowntimeMs"));
    for (String gate : gates) {
      condition.append(" && !").append(enabled(release, gate));
    }
    if (!ReleaseSchemas.of(release).serves(Kind.POLICY, "spec", "maxDowntimeMs")) {
      condition = new StringBuilder(NOT_SERVED);
    }
    return List.of(
        new Check(
            "policy-max-downtime-gate",
            Set.of(CREATE, UPDATE),
            condition.toString(),
            Words.withValue(
                "spec.maxDowntimeMs",
                CauseType.INVALID,
                "string(" + now + ".value())",
                "maxDowntimeMs cannot be set or changed without enabling the "
                    + String.join(" or ", gates.isEmpty() ? List.of(STALL_DETECTION) : gates)
                    + " feature gate")));
  }

  /**
   * The failure condition of a field set without {@code gate}: never, where the release does not
   * serve the field (its API server prunes it, and an export kept past an upgrade must not refuse
   * what the newer release allows), or where the gate is GA.
   */
  private static String gated(Release release, Kind kind, String gate, String... path) {
    if (!ReleaseSchemas.of(release).serves(kind, path)) {
      return NOT_SERVED;
    }
    String on = enabled(release, gate);
    return on.equals("true") ? "false" : Cel.opt("object", path) + ".hasValue() && !" + on;
  }

  /** The condition of a check on a field the release does not serve: it never fails. */
  private static final String NOT_SERVED = "false";

  /**
   * Whether a scalar field is set on CREATE, or set to something new on UPDATE (a policy written
   * before a gate was turned off stays editable while the gated field is left alone).
   */
  static String setOrChanged(String... path) {
    String now = Cel.opt("object", path);
    String before = Cel.opt("oldObject", path);
    return "("
        + now
        + ".hasValue() && (request.operation != 'UPDATE' || oldObject == null || !"
        + before
        + ".hasValue() || "
        + before
        + ".value() != "
        + now
        + ".value()))";
  }

  /**
   * Whether {@code gate} is on in the KubeVirt CR bound as {@code params}, as {@code release}
   * resolves it (the CEL twin of {@link Release#enabled}).
   */
  static String enabled(Release release, String gate) {
    Maturity maturity = release.gates().get(gate);
    String name = Cel.lit(gate);
    String listed = "(params != null && " + name + " in " + gates("featureGates") + ")";
    String disabled = "(params != null && " + name + " in " + gates("disabledFeatureGates") + ")";
    if (maturity == Maturity.GA) {
      return "true";
    }
    return switch (release.gateEra()) {
      case LISTED -> listed;
      case MATURITY ->
          maturity == null
              ? "false"
              : maturity == Maturity.BETA ? "(" + listed + " || !" + disabled + ")" : listed;
    };
  }

  private static String gates(String list) {
    return Cel.opt("params", "spec", "configuration", "developerConfiguration", list)
        + ".orValue([])";
  }
}
