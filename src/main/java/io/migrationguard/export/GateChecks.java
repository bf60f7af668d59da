package io.migrationguard.export;

import static io.migrationguard.core.Operation.CREATE;
import static io.migrationguard.core.Operation.UPDATE;

import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.model.CauseType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The feature-gate rules in CEL. The gates are read from the policy's parameter, the KubeVirt CR
 * ({@code params}), with each gate's default by maturity as {@link FeatureGates} has it: GA always
 * on, Beta on unless disabled, Alpha off unless enabled. A null {@code params} gives the defaults,
 * as a cluster without a KubeVirt CR does for the webhook.
 */
final class GateChecks {
  static final String STALL_DETECTION = "MigrationStallDetection";
  static final String DOWNTIME_TUNING = "MigrationDowntimeTuning";
  static final String DECENTRALIZED = "DecentralizedLiveMigration";

  private GateChecks() {}

  static List<Check> decentralized() {
    List<Check> out = new ArrayList<>();
    for (String field : new String[] {"sendTo", "receive"}) {
      out.add(
          new Check(
              "vmim-decentralized-gate",
              Set.of(CREATE),
              Cel.opt("object", "spec", field) + ".hasValue() && !" + enabled(DECENTRALIZED),
              Words.plain(
                  "spec." + field,
                  CauseType.FORBIDDEN,
                  "decentralized live migration requires the "
                      + DECENTRALIZED
                      + " feature gate, which is disabled in the KubeVirt configuration")));
    }
    return out;
  }

  static List<Check> maxDowntime() {
    String now = Cel.opt("object", "spec", "maxDowntimeMs");
    return List.of(
        new Check(
            "policy-max-downtime-gate",
            Set.of(CREATE, UPDATE),
            setOrChanged("spec", "maxDowntimeMs")
                + " && !"
                + enabled(STALL_DETECTION)
                + " && !"
                + enabled(DOWNTIME_TUNING),
            Words.withValue(
                "spec.maxDowntimeMs",
                CauseType.INVALID,
                "string(" + now + ".value())",
                "maxDowntimeMs cannot be set or changed without enabling the "
                    + STALL_DETECTION
                    + " or "
                    + DOWNTIME_TUNING
                    + " feature gate")));
  }

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

  /** Whether {@code gate} is on in the KubeVirt CR bound as {@code params}. */
  static String enabled(String gate) {
    FeatureGates.Maturity maturity =
        FeatureGates.KNOWN.getOrDefault(gate, FeatureGates.Maturity.ALPHA);
    String name = Cel.lit(gate);
    String disabled = "(params != null && " + name + " in " + gates("disabledFeatureGates") + ")";
    return switch (maturity) {
      case GA -> "true";
      case BETA -> "!" + disabled;
      case ALPHA ->
          "(params != null && " + name + " in " + gates("featureGates") + " && !" + disabled + ")";
    };
  }

  private static String gates(String list) {
    return Cel.opt("params", "spec", "configuration", "developerConfiguration", list)
        + ".orValue([])";
  }
}
