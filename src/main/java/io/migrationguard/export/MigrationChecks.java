package io.migrationguard.export;

import static io.migrationguard.core.model.Operation.CREATE;
import static io.migrationguard.core.model.Operation.UPDATE;

import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.vmim.PriorityEnum;
import java.util.List;
import java.util.Set;

/**
 * The VirtualMachineInstanceMigration rules that need only the object, the old object and the
 * requester, in CEL: priority, migration ids and the selector label.
 */
final class MigrationChecks {
  private static final String LABEL_PATH = "metadata.labels[" + Kind.VMI_NAME_LABEL + "]";

  private MigrationChecks() {}

  static List<Check> priorityEnum() {
    String p = Cel.opt("object", "spec", "priority");
    return List.of(
        new Check(
            "vmim-priority-enum",
            Set.of(CREATE),
            p + ".hasValue() && !(" + p + ".value() in " + Cel.list(PriorityEnum.SUPPORTED) + ")",
            Words.withValue(
                "spec.priority",
                CauseType.NOT_SUPPORTED,
                Cel.quoted(p + ".value()"),
                "supported values: " + RuleHelpers.quotedSorted(PriorityEnum.SUPPORTED))));
  }

  /**
   * {@code allowed} is the service's {@code migration-guard.priority-requesters} at export time. A
   * request always names its user; a review without one (the lint's) is not checked.
   */
  static List<Check> priorityRequester(Set<String> allowed) {
    String user = "request.userInfo.username";
    String who =
        allowed.isEmpty() ? "no user may set it" : "allowed: " + RuleHelpers.quotedSorted(allowed);
    return List.of(
        new Check(
            "vmim-priority-requester",
            Set.of(CREATE),
            Cel.opt("object", "spec", "priority")
                + ".hasValue() && "
                + Cel.opt("request", "userInfo", "username")
                + ".hasValue() && !("
                + user
                + " in "
                + Cel.list(allowed)
                + ")",
            Cel.lit("spec.priority: Forbidden: user ")
                + " + "
                + Cel.quoted(user)
                + " + "
                + Cel.lit(" may not set the migration priority (" + who + ")")));
  }

  static List<Check> migrationIds() {
    String id = "vmim-migration-ids";
    String sendTo = Cel.opt("object", "spec", "sendTo");
    String receive = Cel.opt("object", "spec", "receive");
    String sends = sendTo + ".hasValue()";
    String receives = receive + ".hasValue()";
    String sent = Cel.text(sendTo + ".?migrationID");
    String received = Cel.text(receive + ".?migrationID");
    String shared = "the id both ends of the migration share is required";
    return List.of(
        new Check(
            id,
            Set.of(CREATE),
            sends + " && " + sent + " == ''",
            Words.plain("spec.sendTo.migrationID", CauseType.REQUIRED, shared)),
        new Check(
            id,
            Set.of(CREATE),
            sends + " && " + Cel.text(sendTo + ".?connectURL") + " == ''",
            Words.plain(
                "spec.sendTo.connectURL",
                CauseType.REQUIRED,
                "the URL of the receiving cluster is required")),
        new Check(
            id,
            Set.of(CREATE),
            receives + " && " + received + " == ''",
            Words.plain("spec.receive.migrationID", CauseType.REQUIRED, shared)),
        new Check(
            id,
            Set.of(CREATE),
            sends
                + " && "
                + receives
                + " && "
                + sent
                + " != '' && "
                + received
                + " != '' && "
                + sent
                + " != "
                + received,
            Words.withValue(
                    "spec.receive.migrationID", CauseType.INVALID, Cel.quoted(received), null)
                + " + ': must equal spec.sendTo.migrationID (' + "
                + Cel.quoted(sent)
                + " + ')'"));
  }

  /** The warning of {@code vmim-selector-label}: a label given that KubeVirt will overwrite. */
  static List<Check> selectorLabelMatches() {
    String vmiName = NameChecks.vmiName();
    String label = Cel.optKey(Cel.opt("object", "metadata", "labels"), Kind.VMI_NAME_LABEL);
    return List.of(
        new Check(
            "vmim-selector-label",
            Set.of(CREATE),
            vmiName
                + " != '' && "
                + label
                + ".hasValue() && type("
                + label
                + ".value()) == string && "
                + label
                + ".value() != "
                + vmiName,
            Cel.lit(LABEL_PATH + ": differs from spec.vmiName ")
                + " + "
                + Cel.quoted(vmiName)
                + " + "
                + Cel.lit(
                    ": KubeVirt sets this label to spec.vmiName on create and finds in-flight"
                        + " migrations by it")));
  }

  static List<Check> selectorLabelStable() {
    String id = "vmim-selector-label-stable";
    String before = Cel.optKey(Cel.opt("oldObject", "metadata", "labels"), Kind.VMI_NAME_LABEL);
    String after = Cel.optKey(Cel.opt("object", "metadata", "labels"), Kind.VMI_NAME_LABEL);
    String inFlight =
        "oldObject != null && !("
            + Cel.text(Cel.opt("object", "status", "phase"))
            + " in ['Succeeded', 'Failed']) && "
            + before
            + ".hasValue()";
    return List.of(
        new Check(
            id,
            Set.of(UPDATE),
            inFlight + " && !" + after + ".hasValue()",
            Words.plain(
                LABEL_PATH,
                CauseType.FORBIDDEN,
                "the selector label may not be removed from an in-flight migration")),
        new Check(
            id,
            Set.of(UPDATE),
            inFlight
                + " && "
                + after
                + ".hasValue() && "
                + after
                + ".value() != "
                + before
                + ".value()",
            Words.plain(
                LABEL_PATH,
                CauseType.FORBIDDEN,
                "the selector label may not be changed on an in-flight migration")));
  }
}
