package io.migrationguard.core.rules.vmim;

import static io.migrationguard.core.model.Operation.CREATE;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cel.Cel;
import io.migrationguard.core.cel.Check;
import io.migrationguard.core.cel.Words;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Scope;
import io.migrationguard.core.model.Shown;
import io.migrationguard.core.rules.Findings;
import io.migrationguard.core.rules.Rule;
import io.migrationguard.core.rules.RuleHelpers;
import io.migrationguard.core.rules.RuleInfo;
import java.util.List;
import java.util.Set;

/**
 * {@code vmim-migration-ids}: a decentralized migration's ids and URL are non-empty, and a
 * migration that both sends and receives uses one id for both ends (KubeVirt parity for the match).
 */
public final class MigrationIds extends Rule {
  public MigrationIds() {
    super(
        RuleInfo.error(
                "vmim-migration-ids",
                Scope.VMIM_CREATE,
                "The migrationID and connectURL of spec.sendTo and the migrationID of spec.receive must"
                    + " be non-empty, and the two migrationIDs must match when both are set.",
                "Give sendTo.migrationID, sendTo.connectURL and receive.migrationID non-empty values, and the same migrationID to both ends of one migration.")
            .exportedAs(MigrationIds::cel));
  }

  @Override
  public void check(Review review, ClusterView cluster, Findings out) {
    JsonNode sendTo = RuleHelpers.at(review.object(), "spec", "sendTo");
    JsonNode receive = RuleHelpers.at(review.object(), "spec", "receive");
    FieldPath sendPath = FieldPath.of("spec", "sendTo");
    FieldPath receivePath = FieldPath.of("spec", "receive");
    boolean sends = RuleHelpers.isSet(sendTo);
    boolean receives = RuleHelpers.isSet(receive);
    if (sends) {
      nonEmpty(out, sendPath, sendTo, "migrationID", "the id both ends of the migration share");
      nonEmpty(out, sendPath, sendTo, "connectURL", "the URL of the receiving cluster");
    }
    if (receives) {
      nonEmpty(out, receivePath, receive, "migrationID", "the id both ends of the migration share");
    }
    if (sends && receives) {
      String sent = RuleHelpers.textOrEmpty(sendTo.path("migrationID"));
      String received = RuleHelpers.textOrEmpty(receive.path("migrationID"));
      if (!sent.isEmpty() && !received.isEmpty() && !sent.equals(received)) {
        out.invalid(
            receivePath.child("migrationID"),
            received,
            "must equal spec.sendTo.migrationID (" + Shown.quoted(sent) + ")");
      }
    }
  }

  private static void nonEmpty(
      Findings out, FieldPath parent, JsonNode object, String field, String what) {
    JsonNode value = object.path(field);
    // A value of the wrong type is the schema's finding.
    if (!RuleHelpers.isSet(value) || (value.isTextual() && value.textValue().isEmpty())) {
      out.required(parent.child(field), what + " is required");
    }
  }

  /** The findings of this rule as CEL, one check each (docs/admission-policies.md). */
  static List<Check> cel() {
    String id = "vmim-migration-ids";
    String sendTo = Cel.opt("object", "spec", "sendTo");
    String receive = Cel.opt("object", "spec", "receive");
    String sends = sendTo + ".hasValue()";
    String receives = receive + ".hasValue()";
    String sent = Cel.text(sendTo + ".?migrationID");
    String received = Cel.text(receive + ".?migrationID");
    String shared = "the id both ends of the migration share is required";
    Check.Of c = Check.of(id, Set.of(CREATE));
    return List.of(
        c.when(
            sends + " && " + sent + " == ''",
            Words.plain("spec.sendTo.migrationID", CauseType.REQUIRED, shared)),
        c.when(
            sends + " && " + Cel.text(sendTo + ".?connectURL") + " == ''",
            Words.plain(
                "spec.sendTo.connectURL",
                CauseType.REQUIRED,
                "the URL of the receiving cluster is required")),
        c.when(
            receives + " && " + received + " == ''",
            Words.plain("spec.receive.migrationID", CauseType.REQUIRED, shared)),
        c.when(
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
}
