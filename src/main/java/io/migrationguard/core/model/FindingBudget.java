package io.migrationguard.core.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The findings of one review, bounded: at most {@link #PER_SEVERITY} errors and as many warnings
 * are stored, in the order found; the rest are counted. A hostile object (a hundred thousand bad
 * label keys, wrongly typed list entries, unknown fields) then costs counting, not memory, and
 * every answer stays small. Errors and warnings have budgets of their own, so warnings never crowd
 * out an error. Not thread-safe: one per review.
 */
public final class FindingBudget {
  /** Findings stored per severity; the webhook lists 10, the lint prints them all. */
  public static final int PER_SEVERITY = 100;

  private final List<Finding> stored = new ArrayList<>();
  private int errors;
  private int warnings;
  private int omittedErrors;
  private int omittedWarnings;

  /** Adds {@code f}, or counts it when its severity's budget is spent. */
  public void add(Finding f) {
    if (f.severity() == Severity.ERROR) {
      if (errors < PER_SEVERITY) {
        errors++;
        stored.add(f);
      } else {
        omittedErrors++;
      }
    } else if (warnings < PER_SEVERITY) {
      warnings++;
      stored.add(f);
    } else {
      omittedWarnings++;
    }
  }

  public void addAll(List<Finding> findings) {
    for (Finding f : findings) {
      add(f);
    }
  }

  /** Counts {@code n} findings of {@code severity} found but never made (a capped source). */
  public void omitted(Severity severity, int n) {
    if (severity == Severity.ERROR) {
      omittedErrors += n;
    } else {
      omittedWarnings += n;
    }
  }

  /** Whether another finding of {@code severity} would still be stored. */
  public boolean hasRoom(Severity severity) {
    return severity == Severity.ERROR ? errors < PER_SEVERITY : warnings < PER_SEVERITY;
  }

  public boolean hasError() {
    return errors > 0 || omittedErrors > 0;
  }

  public List<Finding> stored() {
    return stored;
  }

  public int omittedErrors() {
    return omittedErrors;
  }

  public int omittedWarnings() {
    return omittedWarnings;
  }
}
