package io.migrationguard.core.rules;

import static io.migrationguard.core.model.Operation.CREATE;
import static io.migrationguard.core.model.Operation.UPDATE;

import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cel.GateCel;
import io.migrationguard.core.cel.Words;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.release.Release;
import io.migrationguard.core.release.Releases;
import io.migrationguard.core.schema.ReleaseSchemas;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The feature-gate rules: instances of {@link GatedField}, each one declaration (KubeVirt parity:
 * the release's virt-api refuses these fields while their gate is off). Which gates exist and how
 * they resolve is the release's ({@link Release}); a rule whose field the release does not serve
 * never fires (the field is pruned first).
 */
public final class GateRules {
  private GateRules() {}

  static final String STALL_DETECTION = Releases.STALL_DETECTION;
  static final String DOWNTIME_TUNING = Releases.DOWNTIME_TUNING;
  static final String DECENTRALIZED = Releases.DECENTRALIZED;
  static final String PRIORITY_QUEUE = Releases.PRIORITY_QUEUE;

  /** Cross-cluster ({@code sendTo}/{@code receive}) migrations need their gate. */
  public static Rule decentralized(Release release) {
    return new GatedField(
        RuleInfo.error(
                "vmim-decentralized-gate",
                Scope.VMIM_CREATE,
                "A migration with spec.sendTo or spec.receive requires the DecentralizedLiveMigration"
                    + " feature gate.",
                "Enable the DecentralizedLiveMigration feature gate in the KubeVirt CR (or stop"
                    + " disabling it), or remove spec.sendTo and spec.receive.")
            .exportedAs(() -> decentralizedCel(release)),
        release,
        List.of(DECENTRALIZED),
        GatedField.forbidding("decentralized live migration"),
        List.of(GatedField.path("spec", "sendTo"), GatedField.path("spec", "receive")));
  }

  /**
   * {@code spec.priority} needs the MigrationPriorityQueue gate where it is not GA (v1.7: Alpha,
   * v1.8: Beta, which that release still turns on only when listed); GA from v1.9 on.
   */
  public static Rule priority(Release release) {
    return new GatedField(
        RuleInfo.error(
                "vmim-priority-gate",
                Scope.VMIM_CREATE,
                "A migration with spec.priority requires the MigrationPriorityQueue feature gate"
                    + " (KubeVirt v1.7 and v1.8; GA from v1.9).",
                "Enable the MigrationPriorityQueue feature gate in the KubeVirt CR, or remove"
                    + " spec.priority.")
            .exportedAs(() -> priorityCel(release)),
        release,
        List.of(PRIORITY_QUEUE),
        GatedField.forbidding("the migration priority queue"),
        List.of(GatedField.path("spec", "priority")));
  }

  /**
   * {@code maxDowntimeMs}: on main either of two Alpha gates allows it, in v1.9 only one exists.
   */
  public static Rule maxDowntime(Release release) {
    return new GatedField(
        RuleInfo.error(
                "policy-max-downtime-gate",
                Scope.POLICY_WRITE,
                "Setting or changing spec.maxDowntimeMs requires the MigrationStallDetection feature"
                    + " gate (on main also MigrationDowntimeTuning).",
                "Enable the MigrationStallDetection feature gate (on main: or MigrationDowntimeTuning)"
                    + " in the KubeVirt CR, or remove spec.maxDowntimeMs.")
            .exportedAs(() -> maxDowntimeCel(release)),
        release,
        List.of(STALL_DETECTION, DOWNTIME_TUNING),
        GatedField.INVALID,
        List.of(GatedField.path("spec", "maxDowntimeMs")));
  }

  public static Rule downtimeTuning(Release release) {
    return new GatedField(
        RuleInfo.error(
                "policy-downtime-tuning-gate",
                Scope.POLICY_WRITE,
                "Setting or changing spec.experimental.downtimeTuning requires the"
                    + " MigrationDowntimeTuning feature gate (KubeVirt main only).",
                "Enable the MigrationDowntimeTuning feature gate in the KubeVirt CR, or remove"
                    + " spec.experimental.downtimeTuning.")
            .webhookOnly(RuleInfo.WebhookOnly.JSON_VALUE),
        release,
        List.of(DOWNTIME_TUNING),
        GatedField.INVALID,
        List.of(GatedField.path("spec", "experimental", "downtimeTuning")));
  }

  public static Rule stallDetector(Release release) {
    return new GatedField(
        RuleInfo.error(
                "policy-stall-detector-gate",
                Scope.POLICY_WRITE,
                "Setting or changing spec.experimental.stallDetector requires the"
                    + " MigrationStallDetection feature gate.",
                "Enable the MigrationStallDetection feature gate in the KubeVirt CR, or remove"
                    + " spec.experimental.stallDetector.")
            .webhookOnly(RuleInfo.WebhookOnly.JSON_VALUE),
        release,
        List.of(STALL_DETECTION),
        GatedField.INVALID,
        List.of(GatedField.path("spec", "experimental", "stallDetector")));
  }

  private static List<Check> decentralizedCel(Release release) {
    List<Check> out = new ArrayList<>();
    for (String field : new String[] {"sendTo", "receive"}) {
      out.add(
          Check.of("vmim-decentralized-gate", Set.of(CREATE))
              .when(
                  GateCel.gated(release, Kind.VMIM, DECENTRALIZED, "spec", field),
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
  private static List<Check> priorityCel(Release release) {
    return List.of(
        Check.of("vmim-priority-gate", Set.of(CREATE))
            .when(
                GateCel.gated(release, Kind.VMIM, PRIORITY_QUEUE, "spec", "priority"),
                Words.plain(
                    "spec.priority",
                    CauseType.FORBIDDEN,
                    "the migration priority queue requires the "
                        + PRIORITY_QUEUE
                        + " feature gate, which is disabled in the KubeVirt configuration")));
  }

  private static List<Check> maxDowntimeCel(Release release) {
    String now = Cel.opt("object", "spec", "maxDowntimeMs");
    List<String> gates =
        List.of(STALL_DETECTION, DOWNTIME_TUNING).stream().filter(release::knows).toList();
    StringBuilder condition = new StringBuilder(GateCel.setOrChanged("spec", "maxDowntimeMs"));
    for (String gate : gates) {
      condition.append(" && !").append(GateCel.enabled(release, gate));
    }
    if (!ReleaseSchemas.of(release).serves(Kind.POLICY, "spec", "maxDowntimeMs")) {
      condition = new StringBuilder(GateCel.NOT_SERVED);
    }
    return List.of(
        Check.of("policy-max-downtime-gate", Set.of(CREATE, UPDATE))
            .when(
                condition.toString(),
                Words.withValue(
                    "spec.maxDowntimeMs",
                    CauseType.INVALID,
                    "string(" + now + ".value())",
                    "maxDowntimeMs cannot be set or changed without enabling the "
                        + String.join(" or ", gates.isEmpty() ? List.of(STALL_DETECTION) : gates)
                        + " feature gate")));
  }
}
