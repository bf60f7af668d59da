package io.migrationguard.report;

import java.util.Locale;

/** The outcome of one resource, as kubeconform names them. */
public enum Status {
  /** Checked, no error (warnings allowed). */
  VALID,
  /** Checked, at least one error. */
  INVALID,
  /** Could not be processed: unreadable file, unparseable document, not an object. */
  ERROR,
  /** Not one of our kinds. */
  SKIPPED;

  /** The lower-case word of every output. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
