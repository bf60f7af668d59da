package io.migrationguard.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.core.Engine;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.Decision;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.PatchOp;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.mutate.JsonPatches;
import io.migrationguard.report.Patches;
import java.util.ArrayList;
import java.util.List;

/**
 * What the engine says of one object, the lint's one door into {@link Engine}: validation, and with
 * {@code --show-patch} the defaulting patch plus its idempotence check. Takes a plain {@link
 * Review} so a parity test can hand the webhook and the lint the same one.
 */
public final class Evaluator {
  /** Rule id of the idempotence check of {@code --show-patch}. */
  public static final String IDEMPOTENT = "mutation-idempotent";

  private final Engine admission;
  private final boolean showPatch;

  public Evaluator(Engine admission, boolean showPatch) {
    this.admission = admission;
    this.showPatch = showPatch;
  }

  /**
   * The verdict on one object.
   *
   * @param findings the engine's findings, then the idempotence finding if any
   * @param patch the defaulting patch ({@code --show-patch}), else null
   * @param notChecked rules skipped because the view cannot answer their lookups
   * @param omittedErrors errors the engine counted past its bound but did not store
   * @param omittedWarnings warnings the engine counted past its bound but did not store
   */
  public record Outcome(
      List<Finding> findings,
      List<PatchOp> patch,
      List<String> notChecked,
      int omittedErrors,
      int omittedWarnings) {}

  /**
   * Whether an object could be stored by a cluster: it passes the schema once the API server's own
   * changes are made (cross-document rules compare only such objects).
   */
  public boolean wellFormed(Kind kind, JsonNode object) {
    return admission.wellFormed(kind, object);
  }

  public Outcome evaluate(Review review, ClusterView view) {
    Decision d = admission.validate(review, view);
    List<Finding> findings = new ArrayList<>(d.findings());
    List<PatchOp> patch = null;
    if (showPatch) {
      patch = admission.mutate(review).patch();
      idempotence(review, patch, findings);
    }
    return new Outcome(findings, patch, d.notChecked(), d.omittedErrors(), d.omittedWarnings());
  }

  /** Applying the patch and defaulting again must change nothing (reinvocationPolicy IfNeeded). */
  private void idempotence(Review review, List<PatchOp> patch, List<Finding> findings) {
    if (patch.isEmpty()) {
      return;
    }
    JsonNode patched;
    try {
      // The patch is computed on, and applies to, the object as the API server holds it.
      patched = JsonPatches.apply(admission.apiServerView(review).object(), patch);
    } catch (IllegalArgumentException e) {
      findings.add(
          failure(FieldPath.root(), "the defaulting patch does not apply: " + e.getMessage()));
      return;
    }
    Review again =
        new Review(
            review.kind(),
            review.operation(),
            patched,
            review.oldObject(),
            review.namespace(),
            review.requester(),
            review.fieldValidation());
    List<PatchOp> second = admission.mutate(again).patch();
    if (!second.isEmpty()) {
      findings.add(
          failure(
              Pointers.fieldPath(patched, second.get(0).path()),
              "defaulting is not idempotent: the defaulted object would be patched again: "
                  + Patches.toJson(second)));
    }
  }

  private static Finding failure(FieldPath path, String detail) {
    return new Finding(
        IDEMPOTENT,
        Severity.ERROR,
        CauseType.INTERNAL,
        path,
        JsonNodeFactory.instance.nullNode(),
        detail);
  }
}
