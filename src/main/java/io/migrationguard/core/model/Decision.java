package io.migrationguard.core.model;

import java.util.ArrayList;
import java.util.List;

/**
 * What the engine answers for one {@link Review}.
 *
 * @param findings every finding, errors and warnings, in pipeline order (schema first, then rules
 *     in catalogue order)
 * @param patch the defaulting JSON Patch (empty when nothing changes or when validating)
 * @param unavailable one line per cluster lookup that could not be answered (the API server is
 *     unreachable, the cache is not synced): the webhook denies with 503 naming them
 * @param notChecked ids of rules that were skipped because their lookups cannot be answered by this
 *     cluster view at all (offline lint, or the service running without a cluster)
 * @param omittedErrors errors found past {@link FindingBudget#PER_SEVERITY} and not stored (a
 *     hostile object can hold a hundred thousand of them): counted, never lost for the verdict
 * @param omittedWarnings warnings found past the budget and not stored
 */
public record Decision(
    List<Finding> findings,
    List<PatchOp> patch,
    List<String> unavailable,
    List<String> notChecked,
    int omittedErrors,
    int omittedWarnings) {

  public Decision {
    findings = List.copyOf(findings);
    patch = List.copyOf(patch);
    unavailable = List.copyOf(unavailable);
    notChecked = List.copyOf(notChecked);
  }

  /** A decision with nothing omitted. */
  public Decision(
      List<Finding> findings,
      List<PatchOp> patch,
      List<String> unavailable,
      List<String> notChecked) {
    this(findings, patch, unavailable, notChecked, 0, 0);
  }

  /** The error findings. */
  public List<Finding> errors() {
    return withError(true);
  }

  /** The warning findings. */
  public List<Finding> warnings() {
    return withError(false);
  }

  /** True when nothing denies: no error (stored or omitted) and no lookup left unanswered. */
  public boolean allowed() {
    return unavailable.isEmpty() && omittedErrors == 0 && errors().isEmpty();
  }

  // A loop, not a stream: asked several times for every review, nearly always of an empty list.
  private List<Finding> withError(boolean error) {
    if (findings.isEmpty()) {
      return List.of();
    }
    List<Finding> out = new ArrayList<>(findings.size());
    for (Finding f : findings) {
      if (f.isError() == error) {
        out.add(f);
      }
    }
    return List.copyOf(out);
  }
}
