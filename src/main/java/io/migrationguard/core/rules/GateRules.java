package io.migrationguard.core.rules;

import io.migrationguard.core.Scope;
import java.util.List;

/**
 * The feature-gate rules: four instances of {@link GatedField}, each one declaration (KubeVirt v1.9
 * parity: the API server's webhook refuses these fields while their gate is off).
 */
final class GateRules {
  private GateRules() {}

  static final String STALL_DETECTION = "MigrationStallDetection";
  static final String DOWNTIME_TUNING = "MigrationDowntimeTuning";
  static final String DECENTRALIZED = "DecentralizedLiveMigration";

  /** Cross-cluster ({@code sendTo}/{@code receive}) migrations need the Beta gate. */
  static Rule decentralized() {
    return new GatedField(
        RuleInfo.error(
            "vmim-decentralized-gate",
            Scope.VMIM_CREATE,
            "A migration with spec.sendTo or spec.receive requires the DecentralizedLiveMigration"
                + " feature gate.",
            "Enable the DecentralizedLiveMigration feature gate in the KubeVirt CR (or stop"
                + " disabling it), or remove spec.sendTo and spec.receive."),
        List.of(DECENTRALIZED),
        GatedField.forbidding("decentralized live migration"),
        List.of(GatedField.path("spec", "sendTo"), GatedField.path("spec", "receive")));
  }

  /** {@code maxDowntimeMs} is used by either of two Alpha gates, so either one allows it. */
  static Rule maxDowntime() {
    return new GatedField(
        RuleInfo.error(
            "policy-max-downtime-gate",
            Scope.POLICY_WRITE,
            "Setting or changing spec.maxDowntimeMs requires the MigrationStallDetection or"
                + " MigrationDowntimeTuning feature gate.",
            "Enable the MigrationStallDetection or MigrationDowntimeTuning feature gate in the"
                + " KubeVirt CR, or remove spec.maxDowntimeMs."),
        List.of(STALL_DETECTION, DOWNTIME_TUNING),
        GatedField.INVALID,
        List.of(GatedField.path("spec", "maxDowntimeMs")));
  }

  static Rule downtimeTuning() {
    return new GatedField(
        RuleInfo.error(
                "policy-downtime-tuning-gate",
                Scope.POLICY_WRITE,
                "Setting or changing spec.experimental.downtimeTuning requires the"
                    + " MigrationDowntimeTuning feature gate.",
                "Enable the MigrationDowntimeTuning feature gate in the KubeVirt CR, or remove"
                    + " spec.experimental.downtimeTuning.")
            .webhookOnly(RuleInfo.WebhookOnly.JSON_VALUE),
        List.of(DOWNTIME_TUNING),
        GatedField.INVALID,
        List.of(GatedField.path("spec", "experimental", "downtimeTuning")));
  }

  static Rule stallDetector() {
    return new GatedField(
        RuleInfo.error(
                "policy-stall-detector-gate",
                Scope.POLICY_WRITE,
                "Setting or changing spec.experimental.stallDetector requires the"
                    + " MigrationStallDetection feature gate.",
                "Enable the MigrationStallDetection feature gate in the KubeVirt CR, or remove"
                    + " spec.experimental.stallDetector.")
            .webhookOnly(RuleInfo.WebhookOnly.JSON_VALUE),
        List.of(STALL_DETECTION),
        GatedField.INVALID,
        List.of(GatedField.path("spec", "experimental", "stallDetector")));
  }
}
