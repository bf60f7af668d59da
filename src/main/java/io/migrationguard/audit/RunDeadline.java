package io.migrationguard.audit;

import io.migrationguard.cluster.Deadline;
import io.migrationguard.judge.StoredJudge;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The audit run's reads end at its deadline: a page asked for after it ends the run ({@link
 * Passed}, counted as a failed run and logged in one line), so a slow API server cannot stretch one
 * run over the next ones. Each request itself is bounded by the client's request timeout.
 */
final class RunDeadline implements StoredJudge.Calls {
  /** The run passed its deadline. */
  static final class Passed extends RuntimeException {
    Passed(String message) {
      super(message, null, false, false);
    }
  }

  private final Deadline deadline;
  private final Duration length;

  RunDeadline(Deadline deadline, Duration length) {
    this.deadline = deadline;
    this.length = length;
  }

  @Override
  public <T> T call(Supplier<T> request) {
    if (deadline.expired()) {
      throw new Passed(
          "the run passed its deadline (the audit interval, " + length + ") while reading");
    }
    return request.get();
  }
}
